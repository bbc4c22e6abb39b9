package eu.xs2a.sandbox.domain;

import java.text.Normalizer;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * How close the payee name a payer typed is to the account holder's name, in the codes of the EPC Verification of
 * Payee scheme: {@code MTCH} the same name (letter case and spacing aside), {@code CMTC} a close match the payer
 * should check (accents, word order, a legal form such as GmbH added or left out, or a typo or two), else
 * {@code NMTC}. The one rule the sandbox bank applies; a real bank tunes its own.
 */
public final class PayeeNameMatch {

    public enum Result { MTCH, CMTC, NMTC }

    /** Legal forms a payer may add or leave out without naming another payee. */
    private static final Set<String> LEGAL_FORMS = Set.of("gmbh", "ag", "kg", "ohg", "ug", "ek", "eg", "ev", "se",
            "sa", "sas", "sarl", "srl", "spa", "bv", "nv", "ltd", "llc", "inc", "plc", "co", "oy", "ab", "as", "aps",
            "kgaa", "mbh", "haftungsbeschrankt");
    /** A typo allowance: one edit per this many letters of the longer name, at most two. */
    private static final int LETTERS_PER_EDIT = 8;
    private static final int MAX_EDITS = 2;

    private PayeeNameMatch() {
    }

    public static Result compare(String given, String holder) {
        if (given == null || holder == null || given.isBlank() || holder.isBlank()) {
            return Result.NMTC;
        }
        if (spaced(given).equalsIgnoreCase(spaced(holder))) {
            return Result.MTCH;
        }
        String a = comparable(given);
        String b = comparable(holder);
        if (a.isEmpty() || b.isEmpty()) {
            return Result.NMTC;
        }
        int allowed = Math.min(MAX_EDITS, Math.max(a.length(), b.length()) / LETTERS_PER_EDIT);
        return a.equals(b) || editDistance(a, b) <= allowed ? Result.CMTC : Result.NMTC;
    }

    private static String spaced(String name) {
        return name.strip().replaceAll("\\s+", " ");
    }

    /** Lower case, accents and punctuation gone, legal forms dropped, words in alphabetical order. */
    private static String comparable(String name) {
        String plain = Normalizer.normalize(name, Normalizer.Form.NFD).replaceAll("\\p{M}+", "")
                .toLowerCase(Locale.ROOT).replace("ß", "ss").replaceAll("[^\\p{L}\\p{N} ]+", "");
        return Arrays.stream(plain.split("\\s+")).filter(w -> !w.isEmpty() && !LEGAL_FORMS.contains(w)).sorted()
                .collect(Collectors.joining(" "));
    }

    /** Levenshtein distance: insertions, deletions and substitutions, one row at a time. */
    private static int editDistance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
