package eu.xs2a.platform.kpi;

import io.agroal.api.AgroalDataSource;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * The KPI tables' statements (the migration every service copies: xs2a-platform/README.md "KPIs"), plain JDBC on the
 * service's data source. A flush adds the drained counts to the rows of their minute in one transaction, so replicas
 * and repeated flushes add up and a failed flush writes nothing.
 */
@Singleton
class KpiStore {

    private static final String ADD_ANSWERS = """
            insert into kpi_request (minute, service_class, status, cause, late, requests) values (?, ?, ?, ?, ?, ?)
            on conflict (minute, service_class, status, cause, late)
            do update set requests = kpi_request.requests + excluded.requests""";
    private static final String ADD_LATENCIES = """
            insert into kpi_latency (minute, service_class, upper_ms, requests) values (?, ?, ?, ?)
            on conflict (minute, service_class, upper_ms)
            do update set requests = kpi_latency.requests + excluded.requests""";
    private static final String OPEN_PERIOD = """
            insert into kpi_unavailable (service_class, started_at) values (?, ?)
            on conflict (service_class, started_at) do nothing""";
    private static final String CLOSE_PERIOD = """
            insert into kpi_unavailable (service_class, started_at, ended_at) values (?, ?, ?)
            on conflict (service_class, started_at) do update set ended_at = excluded.ended_at""";
    private static final String CLOSE_ORPHANS = "update kpi_unavailable set ended_at = ? where ended_at is null and started_at <= ?";
    private static final String PROBE = """
            insert into kpi_probe (minute, probes, up) values (?, 1, ?)
            on conflict (minute) do update set probes = kpi_probe.probes + 1, up = kpi_probe.up + excluded.up""";
    private static final String ANSWERS = """
            select service_class, status, cause, late, sum(requests) from kpi_request
             where minute >= ? and minute < ? group by service_class, status, cause, late""";
    private static final String LATENCIES = """
            select service_class, upper_ms, sum(requests) from kpi_latency
             where minute >= ? and minute < ? group by service_class, upper_ms""";
    private static final String PERIODS = """
            select service_class, started_at, ended_at from kpi_unavailable
             where started_at < ? and (ended_at is null or ended_at > ?) order by started_at, service_class""";
    private static final String UP_MINUTES = "select count(*) from kpi_probe where up > 0 and minute >= ? and minute < ?";
    private static final String FIRST_PROBE = "select min(minute) from kpi_probe where minute < ? or minute >= ?";
    private static final String SERIES = """
            select service_class, (extract(epoch from minute)::bigint - ?) / ?, cause, sum(requests) from kpi_request
             where minute >= ? and minute < ? group by 1, 2, 3""";

    @Inject AgroalDataSource dataSource;

    /** Adds the drained counts and writes the period changes, in one transaction. */
    void write(List<KpiRecorder.Drained> drained, List<Streak.Change> changes) {
        QuarkusTransaction.requiringNew().run(() -> {
            try (Connection connection = dataSource.getConnection();
                 PreparedStatement answers = connection.prepareStatement(ADD_ANSWERS);
                 PreparedStatement latencies = connection.prepareStatement(ADD_LATENCIES);
                 PreparedStatement open = connection.prepareStatement(OPEN_PERIOD);
                 PreparedStatement close = connection.prepareStatement(CLOSE_PERIOD)) {
                for (KpiRecorder.Drained d : drained) {
                    for (MinuteCounts.Answers a : d.answers()) {
                        answers.setObject(1, utc(d.minute()));
                        answers.setString(2, d.serviceClass().name());
                        answers.setInt(3, a.status());
                        answers.setString(4, a.cause().column());
                        answers.setBoolean(5, a.late());
                        answers.setLong(6, a.requests());
                        answers.addBatch();
                    }
                    for (MinuteCounts.Latencies l : d.latencies()) {
                        latencies.setObject(1, utc(d.minute()));
                        latencies.setString(2, d.serviceClass().name());
                        latencies.setInt(3, l.upperMs());
                        latencies.setLong(4, l.requests());
                        latencies.addBatch();
                    }
                }
                answers.executeBatch();
                latencies.executeBatch();
                for (Streak.Change change : changes) {
                    PreparedStatement statement = change.end() == null ? open : close;
                    statement.setString(1, change.serviceClass().name());
                    statement.setObject(2, utc(change.start()));
                    if (change.end() != null) {
                        statement.setObject(3, utc(change.end()));
                    }
                    statement.executeUpdate();
                }
            } catch (SQLException e) {
                throw new IllegalStateException("Cannot write the KPI counts", e);
            }
        });
    }

    /**
     * Ends the periods still open at a replica's start: the replica that opened them died before it saw them end, and
     * it was unavailable until now. A period another live replica keeps open is written again, with its end, when
     * that replica sees it end.
     */
    int closeOrphans(Instant now) {
        return QuarkusTransaction.requiringNew().call(() -> {
            try (Connection connection = dataSource.getConnection();
                 PreparedStatement close = connection.prepareStatement(CLOSE_ORPHANS)) {
                close.setObject(1, utc(now));
                close.setObject(2, utc(now));
                return close.executeUpdate();
            }
        });
    }

    void probed(Instant minute, boolean up) {
        QuarkusTransaction.requiringNew().run(() -> {
            try (Connection connection = dataSource.getConnection();
                 PreparedStatement probe = connection.prepareStatement(PROBE)) {
                probe.setObject(1, utc(minute));
                probe.setInt(2, up ? 1 : 0);
                probe.executeUpdate();
            } catch (SQLException e) {
                throw new IllegalStateException("Cannot record the probe", e);
            }
        });
    }

    /** Requests of one class, status and cause in a range. */
    record AnswerRow(ServiceClass serviceClass, int status, Cause cause, boolean late, long requests) {
    }

    /** One histogram bucket of one class in a range. */
    record LatencyRow(ServiceClass serviceClass, int upperMs, long requests) {
    }

    /** One unavailable period ({@code end} null: not ended). */
    record PeriodRow(ServiceClass serviceClass, Instant start, Instant end) {
    }

    /** Requests of one class and cause in one slot of a chart. */
    record SeriesRow(ServiceClass serviceClass, long slot, Cause cause, long requests) {
    }

    List<AnswerRow> answers(Instant from, Instant to) {
        return query(ANSWERS, from, to, rs -> new AnswerRow(ServiceClass.valueOf(rs.getString(1)), rs.getInt(2),
                Cause.ofColumn(rs.getString(3)), rs.getBoolean(4), rs.getLong(5)));
    }

    List<LatencyRow> latencies(Instant from, Instant to) {
        return query(LATENCIES, from, to, rs -> new LatencyRow(ServiceClass.valueOf(rs.getString(1)), rs.getInt(2),
                rs.getLong(3)));
    }

    List<PeriodRow> periods(Instant from, Instant to) {
        // overlapping the range: started before its end and not ended before its start
        return query(PERIODS, to, from, rs -> new PeriodRow(ServiceClass.valueOf(rs.getString(1)),
                instant(rs.getTimestamp(2)), instant(rs.getTimestamp(3))));
    }

    /** Minutes of [from, to) in which a probe found the service ready. */
    long upMinutes(Instant from, Instant to) {
        return query(UP_MINUTES, from, to, rs -> rs.getLong(1)).get(0);
    }

    /** The first minute ever probed; null: never. */
    Instant firstProbe() {
        Instant any = Instant.EPOCH;
        return query(FIRST_PROBE, any, any, rs -> instant(rs.getTimestamp(1))).get(0);
    }

    List<SeriesRow> series(Instant from, Instant to, long slotSeconds) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement select = connection.prepareStatement(SERIES)) {
            select.setLong(1, from.getEpochSecond());
            select.setLong(2, slotSeconds);
            select.setObject(3, utc(from));
            select.setObject(4, utc(to));
            List<SeriesRow> rows = new ArrayList<>();
            try (ResultSet rs = select.executeQuery()) {
                while (rs.next()) {
                    rows.add(new SeriesRow(ServiceClass.valueOf(rs.getString(1)), rs.getLong(2),
                            Cause.ofColumn(rs.getString(3)), rs.getLong(4)));
                }
            }
            return rows;
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot read the KPI counts", e);
        }
    }

    @FunctionalInterface
    private interface Row<T> {
        T read(ResultSet rs) throws SQLException;
    }

    private <T> List<T> query(String sql, Instant first, Instant second, Row<T> row) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement select = connection.prepareStatement(sql)) {
            select.setObject(1, utc(first));
            select.setObject(2, utc(second));
            List<T> rows = new ArrayList<>();
            try (ResultSet rs = select.executeQuery()) {
                while (rs.next()) {
                    rows.add(row.read(rs));
                }
            }
            return rows;
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot read the KPI counts", e);
        }
    }

    private static OffsetDateTime utc(Instant instant) {
        return instant.atOffset(ZoneOffset.UTC);
    }

    private static Instant instant(Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }
}
