package eu.xs2a.tpp.support;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** A test of the commands over real HTTP: a fresh {@link StandInGateway} and a CLI with its own home per test. */
public abstract class AgainstStandInGateway {

    @TempDir
    protected Path home;

    protected StandInGateway gateway;
    protected Cli cli;

    @BeforeEach
    void startTheGateway() throws Exception {
        gateway = new StandInGateway();
        cli = new Cli(home, gateway.baseUrl());
    }

    @AfterEach
    void stopTheGateway() {
        gateway.close();
    }
}
