package eu.xs2a.platform.validation;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.quarkus.arc.Unremovable;
import jakarta.inject.Singleton;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.hibernate.validator.spi.nodenameprovider.JavaBeanProperty;
import org.hibernate.validator.spi.nodenameprovider.Property;
import org.hibernate.validator.spi.nodenameprovider.PropertyNodeNameProvider;

/**
 * Names a violation's field as the JSON body does: a record component or field renamed with {@code @JsonProperty}
 * ({@code phoneNumber} sent as {@code phone_number}) is named by its JSON name, so that the TPP reads the field it
 * sent. Quarkus's validator takes this bean as its property node name provider.
 */
@Singleton
@Unremovable
public class JsonPropertyNames implements PropertyNodeNameProvider {

    private final Map<String, String> names = new ConcurrentHashMap<>();

    @Override
    public String getName(Property property) {
        if (!(property instanceof JavaBeanProperty bean)) {
            return property.getName();
        }
        return names.computeIfAbsent(bean.getDeclaringClass().getName() + "#" + property.getName(),
                key -> jsonName(bean.getDeclaringClass(), property.getName()));
    }

    private static String jsonName(Class<?> type, String name) {
        try {
            JsonProperty renamed = type.getDeclaredField(name).getAnnotation(JsonProperty.class);
            return renamed == null || renamed.value().isEmpty() ? name : renamed.value();
        } catch (NoSuchFieldException e) { // a getter without a field of its name: its own name
            return name;
        }
    }
}
