package eu.xs2a.sandbox.domain;

import static eu.xs2a.sandbox.domain.PayeeNameMatch.Result.CMTC;
import static eu.xs2a.sandbox.domain.PayeeNameMatch.Result.MTCH;
import static eu.xs2a.sandbox.domain.PayeeNameMatch.Result.NMTC;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PayeeNameMatchTest {

    @ParameterizedTest(name = "{0} against {1} is {2}")
    @CsvSource(delimiter = '|', textBlock = """
            Erika Mustermann        | Erika Mustermann     | MTCH
            erika mustermann        | Erika Mustermann     | MTCH
            '  Erika   Mustermann ' | Erika Mustermann     | MTCH
            Erika Musterman         | Erika Mustermann     | CMTC
            Mustermann Erika        | Erika Mustermann     | CMTC
            Mustermann, Erika       | Erika Mustermann     | CMTC
            Jorg Muller             | Jörg Müller          | CMTC
            Straße GmbH             | STRASSE GMBH         | CMTC
            Beispiel GmbH           | Beispiel             | CMTC
            Beispiel                | Beispiel GmbH & Co. KG | CMTC
            Beispiel AG             | Beispiel GmbH        | CMTC
            Erika Mustermaan        | Erika Mustermann     | CMTC
            Max Mustermann          | Erika Mustermann     | NMTC
            Erika Musterfrau        | Erika Mustermann     | NMTC
            Bob                     | Rob                  | NMTC
            GmbH                    | Beispiel GmbH        | NMTC
            ''                      | Erika Mustermann     | NMTC
            """)
    void comparesAPayeeNameWithTheHolder(String given, String holder, PayeeNameMatch.Result expected) {
        assertEquals(expected, PayeeNameMatch.compare(given, holder));
    }
}
