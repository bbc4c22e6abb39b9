package eu.xs2a.platform.sca;

/**
 * What an SCA at the bank authorises, as the bank's paths name it (BANK-API.md "SCA through the API"): a consent
 * ({@code consents/{id}/sca}), a payment ({@code payments/{id}/sca}) or a payment's cancellation
 * ({@code payments/{id}/cancellation-sca}) or a signing basket's ({@code signing-baskets/{id}/sca}), by the bank's id.
 */
public record ScaTarget(String resources, String bankId, String sca) {

    public static ScaTarget consent(String bankConsentId) {
        return new ScaTarget("consents", bankConsentId, "sca");
    }

    public static ScaTarget payment(String bankPaymentId) {
        return new ScaTarget("payments", bankPaymentId, "sca");
    }

    public static ScaTarget cancellation(String bankPaymentId) {
        return new ScaTarget("payments", bankPaymentId, "cancellation-sca");
    }

    public static ScaTarget basket(String bankBasketId) {
        return new ScaTarget("signing-baskets", bankBasketId, "sca");
    }
}
