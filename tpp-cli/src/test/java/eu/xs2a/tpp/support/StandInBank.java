package eu.xs2a.tpp.support;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Real HTTP stand-ins for the PSU's side of redirect SCA, shaped like aspsp-sandbox's pages (BANK-API.md): the
 * gateway's scaRedirect link and callback on one server, the bank's login, decision and one-time-code forms
 * (cookie-bound, HTML escaped as Qute does) on another.
 */
public final class StandInBank implements AutoCloseable {

    public static final String LINK_PATH =
            "/sandbox/api/berlingroup/v1/consents/c-1/authorisations/a-1/sca-redirect/t0k";
    public static final String TPP_REDIRECT = "https://tpp.example/cb?state=xyz";

    private final HttpServer gateway;
    private final HttpServer bank;
    private final List<Map<String, String>> posted = new CopyOnWriteArrayList<>();
    private volatile List<String> debtorChoices = List.of();
    private volatile boolean used;

    public StandInBank() throws IOException {
        gateway = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        bank = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        gateway.createContext("/", this::gateway);
        bank.createContext("/", this::bank);
        gateway.start();
        bank.start();
    }

    /** The scaRedirect link as the gateway gives it to the TPP. */
    public String link() {
        return url(gateway) + LINK_PATH;
    }

    /** A payment without debtorAccount: the decision page asks which account to pay from. */
    public StandInBank askDebtor(List<String> ibans) {
        this.debtorChoices = List.copyOf(ibans);
        return this;
    }

    /** Every form the PSU posted, in order (with the path under "_path"). */
    public List<Map<String, String>> posted() {
        return posted;
    }

    private void gateway(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            if (path.equals(LINK_PATH)) {
                redirect(exchange, 302, url(bank) + "/sca/t0k");
            } else if (path.endsWith("/sca-callback/s1")) {
                redirect(exchange, 302, TPP_REDIRECT);
            } else {
                page(exchange, 404, "<h1 id=\"message-title\">Not found</h1>");
            }
        }
    }

    private void bank(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            boolean post = exchange.getRequestMethod().equals("POST");
            Map<String, String> form = post ? form(exchange) : Map.of();
            if (post) {
                Map<String, String> record = new LinkedHashMap<>(form);
                record.put("_path", path);
                record.put("_cookie", String.valueOf(exchange.getRequestHeaders().getFirst("Cookie")));
                posted.add(record);
            }
            String callback = url(gateway) + LINK_PATH.replace("/sca-redirect/t0k", "/sca-callback/s1");
            boolean session = "SANDBOX_SCA=s3ss10n".equals(exchange.getRequestHeaders().getFirst("Cookie"));
            if (post && !"t0k3n".equals(form.get("csrf"))) {
                // as the sandbox bank: a form without its page's CSRF token does nothing
                page(exchange, 403, message("This page has expired", "Go back, reload the page and try again."));
                return;
            }
            switch (path) {
                case "/sca/t0k" -> {
                    if (used) {
                        page(exchange, 410, message("Link used", "This link has already been used"));
                    } else {
                        page(exchange, 200, login(null));
                    }
                }
                case "/sca/t0k/login" -> {
                    if ("psu1".equals(form.get("username")) && "sandbox".equals(form.get("password"))) {
                        used = true;
                        exchange.getResponseHeaders().add("Set-Cookie", "SANDBOX_SCA=s3ss10n; Path=/sca/t0k; HttpOnly");
                        redirect(exchange, 303, "/sca/t0k/decision");
                    } else {
                        page(exchange, 200, login("Wrong username or password"));
                    }
                }
                case "/sca/t0k/decision" -> {
                    if (!session) {
                        page(exchange, 410, message("Link used", "This link has already been used"));
                    } else if (!post) {
                        page(exchange, 200, decision());
                    } else if ("approve".equals(form.get("decision"))) {
                        redirect(exchange, 303, "/sca/t0k/otp");
                    } else {
                        redirect(exchange, 303, callback);
                    }
                }
                case "/sca/t0k/otp" -> {
                    if (!session) {
                        page(exchange, 410, message("Link used", "This link has already been used"));
                    } else if (!post) {
                        page(exchange, 200, otp(null));
                    } else if ("123456".equals(form.get("otp"))) {
                        redirect(exchange, 303, callback);
                    } else {
                        page(exchange, 200, otp("Wrong code"));
                    }
                }
                default -> page(exchange, 404, message("Not valid", "This link is not valid"));
            }
        }
    }

    private static String login(String error) {
        return "<h1>Log in to approve a request</h1>" + (error == null ? "" : "<div class=\"error\" id=\"error\">" + error + "</div>")
                + "<form method=\"post\" action=\"/sca/t0k/login\">"
                + "<input type=\"hidden\" name=\"csrf\" value=\"t0k3n\"><input id=\"username\" name=\"username\">"
                + "<input id=\"password\" name=\"password\" type=\"password\"><button type=\"submit\">Log in</button></form>";
    }

    private String decision() {
        StringBuilder select = new StringBuilder();
        if (!debtorChoices.isEmpty()) {
            select.append("<select id=\"debtorAccount\" name=\"debtorAccount\">");
            debtorChoices.forEach(iban -> select.append("<option value=\"").append(iban).append("\">").append(iban).append("</option>"));
            select.append("</select>");
        }
        return "<h1>Give access?</h1><p>Example TPP &amp; Co asks</p><form method=\"post\" action=\"/sca/t0k/decision\">"
                + "<input type=\"hidden\" name=\"csrf\" value=\"t0k3n\">" + select
                + "<button class=\"primary\" type=\"submit\" name=\"decision\" value=\"approve\">Approve</button>"
                + "<button type=\"submit\" name=\"decision\" value=\"deny\">Deny</button></form>";
    }

    private static String otp(String error) {
        return "<h1>Confirm</h1>" + (error == null ? "" : "<div class=\"error\" id=\"error\" role=\"alert\">" + error + "</div>")
                + "<form method=\"post\" action=\"/sca/t0k/otp\">"
                + "<input type=\"hidden\" name=\"csrf\" value=\"t0k3n\"><input id=\"otp\" name=\"otp\"><button>Confirm</button></form>";
    }

    private static String message(String title, String text) {
        return "<h1 id=\"message-title\">" + title + "</h1><p id=\"message-text\">" + text + "</p>";
    }

    private static Map<String, String> form(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        Map<String, String> fields = new LinkedHashMap<>();
        for (String pair : body.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            fields.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                    URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return fields;
    }

    private static void redirect(HttpExchange exchange, int status, String location) throws IOException {
        exchange.getResponseHeaders().add("Location", location);
        exchange.sendResponseHeaders(status, -1);
    }

    private static void page(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = ("<!DOCTYPE html><html><body>" + body + "</body></html>").getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "text/html;charset=UTF-8");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    private static String url(HttpServer server) {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
        gateway.stop(0);
        bank.stop(0);
    }
}
