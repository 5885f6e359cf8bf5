/**
 * lz4-java's {@code net.jpountz.util} helpers, kept for code that calls them: range checks
 * ({@link net.jpountz.util.SafeUtils}, {@link net.jpountz.util.ByteBufferUtils}) and {@link
 * net.jpountz.util.Native}, whose {@code isLoaded()} is always {@code false} here because Celer
 * loads no JNI library. lz4-java's {@code UnsafeUtils} is left out on purpose (it is built on
 * {@code sun.misc.Unsafe}; {@code celer-lz4-java/api-omissions.txt}).
 *
 * <p>Nothing here is an entry point: start at {@link net.jpountz.lz4.LZ4Factory} or {@link
 * net.jpountz.xxhash.XXHashFactory}.
 */
package net.jpountz.util;
