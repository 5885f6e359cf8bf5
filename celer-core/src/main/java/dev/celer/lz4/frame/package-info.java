/**
 * The LZ4 frame format ({@code doc/lz4_Frame_format.md}, version 1.6.x) and the legacy frame
 * format: streams and one-shot helpers, interoperable with the {@code lz4} command.
 */
package dev.celer.lz4.frame;
