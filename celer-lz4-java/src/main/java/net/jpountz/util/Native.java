package net.jpountz.util;

/**
 * lz4-java's loader of its JNI library. Celer has no JNI library: {@link #load()} does nothing and
 * {@link #isLoaded()} is always {@code false}. Code that calls them to decide between lz4-java's
 * implementations keeps working; every {@code net.jpountz} factory returns Celer's code whatever
 * these say.
 *
 * <pre>{@code
 * boolean jni = Native.isLoaded();   // always false with Celer
 * }</pre>
 */
public enum Native {
  ;

  /** {@return {@code false}: there is no native library to load} */
  public static synchronized boolean isLoaded() {
    return false;
  }

  /** Does nothing: Celer loads no native library through this class. */
  public static synchronized void load() {}
}
