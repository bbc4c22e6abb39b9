package eu.xs2a.registration.domain;

/**
 * Fired in the transaction that registered a TPP or added (or found again) its certificate, with the record the
 * request answers: the API layer keeps that answer for the TPP's retry in the same transaction
 * ({@code api/TppResponses}), so a registration is never committed without it.
 */
public record TppRecorded(TppRecord record) {
}
