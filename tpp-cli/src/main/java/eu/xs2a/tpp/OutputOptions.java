package eu.xs2a.tpp;

import picocli.CommandLine.Option;

/** How much of a call to show. */
public class OutputOptions {

    @Option(names = {"-q", "--quiet"}, description = "Print only the response body (e.g. to pipe it into jq).")
    boolean quiet;

    @Option(names = {"-v", "--verbose"}, description = "Also print the request as sent (headers and body) to stderr.")
    boolean verbose;
}
