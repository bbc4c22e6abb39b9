package eu.xs2a.security.tpp;

import java.util.Collection;
import java.util.EnumSet;
import java.util.Set;

/** The interface's scopes, assigned from a certificate's roles ("Scopes" section of the interface). */
public enum Scope {
    accounts,
    transactions,
    kyc,
    payments,
    funds_availability;

    public static Set<Scope> of(Collection<Role> roles) {
        EnumSet<Scope> scopes = EnumSet.noneOf(Scope.class);
        for (Role role : roles) {
            switch (role) {
                case PSP_AI -> scopes.addAll(EnumSet.of(accounts, transactions, kyc));
                case PSP_PI -> scopes.addAll(EnumSet.of(payments, funds_availability));
                case PSP_IC -> scopes.add(funds_availability);
                case PSP_AS -> { }
            }
        }
        return scopes;
    }
}
