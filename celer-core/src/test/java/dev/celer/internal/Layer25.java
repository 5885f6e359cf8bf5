package dev.celer.internal;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * Reflection into the Java 25 layer of {@code dev.celer.internal} (classes under {@code
 * src/main/java25}), which the tests compile without: they find its package-private methods here
 * and skip where the layer is not on the class path.
 */
final class Layer25 {
  private Layer25() {}

  /**
   * @return the static or instance method {@code name} of the layer's class {@code simpleName},
   *     accessible, or {@code null} when the class or the method is missing
   */
  static Method method(String simpleName, String name, Class<?>... types) {
    try {
      Method m = Class.forName("dev.celer.internal." + simpleName).getDeclaredMethod(name, types);
      m.setAccessible(true);
      return m;
    } catch (ReflectiveOperationException e) {
      return null;
    }
  }

  /** Calls the static method {@code m}, rethrowing what it threw rather than its wrapper. */
  static Object call(Method m, Object... args) throws Throwable {
    try {
      return m.invoke(null, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
