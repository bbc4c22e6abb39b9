package eu.xs2a.payment.domain;

/**
 * The pain.001 document of an initiation, as the TPP sent it: its bytes (the read answers them to a TPP that asks for
 * XML, as 1.3.6 has a pain.001 payment read) and what its status reports name of it ({@link OriginalMessage}).
 */
public record InitiationDocument(OriginalMessage message, byte[] bytes) {
}
