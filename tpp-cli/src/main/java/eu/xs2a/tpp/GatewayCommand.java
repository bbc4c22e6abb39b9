package eu.xs2a.tpp;

import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;

/**
 * A command that sends signed requests to the gateway: it takes the connection and output options every such command
 * shares (picocli reads the mixins of a superclass too) and builds its {@link SignedCall} from them.
 */
abstract class GatewayCommand implements Callable<Integer> {

    final Context context;

    @Mixin
    ConnectionOptions connection = new ConnectionOptions();

    @Mixin
    OutputOptions output = new OutputOptions();

    GatewayCommand(Context context) {
        this.context = context;
    }

    SignedCall signedCall() {
        return new SignedCall(context, connection, output);
    }
}
