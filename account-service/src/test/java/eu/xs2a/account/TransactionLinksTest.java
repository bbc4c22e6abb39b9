package eu.xs2a.account;

import eu.xs2a.testsupport.Sql;
import static eu.xs2a.account.AccountReadsTest.HISTORY_START;
import static eu.xs2a.account.AccountReadsTest.accountId;
import static eu.xs2a.account.AccountReadsTest.allAccountsConsent;
import static eu.xs2a.account.AccountReadsTest.mainIban;
import static eu.xs2a.account.support.Calls.P;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.xs2a.account.support.Calls;
import eu.xs2a.account.support.NeighboursResource;
import eu.xs2a.account.support.Tpps;
import eu.xs2a.testsupport.TestPkiResource;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/**
 * The links to single transactions, for ids the sandbox never makes: the test gives a stored transaction such an id
 * in account-service's own database (so it has no packaged-app twin, which cannot reach that database).
 */
@QuarkusTest
@QuarkusTestResource(value = TestPkiResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = NeighboursResource.class, restrictToAnnotatedClass = true)
class TransactionLinksTest {

    @Inject AgroalDataSource db;

    /** The bank chooses its transaction ids; one holding '/', '?', '%' or a space is still one link to one resource. */
    @Test
    void aTransactionIdWithCharactersOfAUrlIsLinkedAsOnePathSegment() throws SQLException {
        String consent = allAccountsConsent(Tpps.ALPHA, "sandbox", "psu1");
        String id = accountId(Tpps.ALPHA, consent, mainIban(Tpps.ALPHA, consent));
        String report = P + "/accounts/" + id + "/transactions?bookingStatus=booked&dateFrom=" + HISTORY_START;
        String bankId = Calls.getWithPsu(Tpps.ALPHA, report, consent).then().statusCode(200)
                .extract().path("transactions.booked[0].transactionId");
        String odd = "TX/1 50%?a=b#c";
        renameTransaction(id, bankId, odd);
        try {
            String href = Calls.getWithPsu(Tpps.ALPHA, report, consent).then().statusCode(200)
                    .extract().path("transactions.booked.find { it.transactionId == '" + odd
                            + "' }._links.transactionDetails.href");
            assertEquals(P + "/accounts/" + id + "/transactions/TX%2F1%2050%25%3Fa%3Db%23c", href);
            Calls.getWithPsu(Tpps.ALPHA, href, consent).then().statusCode(200)
                    .body("transactionsDetails.transactionId", equalTo(odd));
        } finally {
            renameTransaction(id, odd, bankId); // the account is ALPHA's in the other test classes too
        }
    }

    private void renameTransaction(String resourceId, String from, String to) throws SQLException {
        assertEquals(1, new Sql(db).update("update account_transaction set transaction_id = ? where transaction_id = ?"
                + " and account_id = (select id from bank_account where resource_id = ?)", to, from, resourceId));
    }
}
