package eu.xs2a.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.sandbox.domain.SeedData;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The seed is deterministic, hashed, and written once. Checked on accounts no other test changes. */
@QuarkusTest
class SeedDataTest {

    @Inject AgroalDataSource dataSource;
    @Inject SeedData seed;

    private List<String> rows(String sql) throws Exception {
        List<String> rows = new ArrayList<>();
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                    row.append(i > 1 ? "|" : "").append(rs.getString(i));
                }
                rows.add(row.toString());
            }
        }
        return rows;
    }

    @Test
    void theSeedIsTheSameOnEveryRunAndWrittenOnce() throws Exception {
        // fixed values of the fixed random seed (the day of seeding only shifts dates)
        assertEquals(List.of("closingBooked|779.39", "expected|779.39", "forwardAvailable|779.39",
                        "interimAvailable|779.39", "interimBooked|779.39"),
                rows("select balance_type, amount from balance where account_id = 'psu-blocked-main' order by 1"));
        assertEquals(List.of("11|-120.61"), rows("select count(*), sum(amount) - 900 from bank_transaction where account_id = 'psu-blocked-main'"));
        assertEquals(List.of("0.00"), rows("select amount from balance where account_id = 'psu-poor-main' and balance_type = 'interimAvailable'"));
        assertEquals(List.of("blocked"), rows("select status from account where id = 'psu-blocked-main'"));
        List<String> before = rows("select count(*) from bank_transaction");
        List<String> psusBefore = rows("select id from psu order by 1");

        seed.seedIfEmpty();

        assertEquals(before, rows("select count(*) from bank_transaction"));
        assertEquals(psusBefore, rows("select id from psu order by 1"));
        // the seed's six PSUs, once; PSUs added by later migrations (psu-slow-data) sit beside them
        assertEquals(List.of("6"), rows("select count(*) from psu where id in ('psu1', 'psu-fail', 'psu-poor',"
                + " 'psu-blocked', 'psu-slow', 'psu-revoked-later')"));
        assertEquals(List.of("SLOW_DATA|Lena Lahm"), rows("select behaviour, full_name from psu where id = 'psu-slow-data'"));
    }

    @Test
    void passwordsAreStoredHashedAndHistoryCoversMoreThan120Days() throws Exception {
        for (String hash : rows("select password_hash from psu")) {
            assertTrue(hash.startsWith("pbkdf2-sha256$"), hash);
            assertFalse(hash.contains("sandbox"));
        }
        assertEquals(List.of("t"), rows("select min(booking_date) <= current_date - 120 from bank_transaction where account_id = 'psu1-main'"));
        assertEquals(List.of("0"), rows("select count(*) from (select transaction_id from bank_transaction group by 1 having count(*) > 1) d"));
        assertTrue(Integer.parseInt(rows("select count(*) from bank_transaction t join account a on a.id = t.account_id where a.psu_id = 'psu1'").get(0)) >= 300);
    }
}
