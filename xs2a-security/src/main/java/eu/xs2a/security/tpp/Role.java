package eu.xs2a.security.tpp;

/** PSD2 roles of ETSI TS 119 495 as carried by a QSEAL's PSD2 QCStatement. */
public enum Role {
    PSP_AS,
    PSP_PI,
    PSP_AI,
    PSP_IC
}
