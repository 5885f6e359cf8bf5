/**
 * xxHash ({@code doc/xxhash_spec.md}): XXH32, XXH64, XXH3-64 and XXH3-128, one-shot and
 * streaming, values equal to the reference {@code xxhsum}.
 */
package dev.celer.xxhash;
