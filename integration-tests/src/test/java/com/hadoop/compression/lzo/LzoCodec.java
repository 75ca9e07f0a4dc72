package com.hadoop.compression.lzo;

/**
 * Test-only stand-in for the GPL hadoop-lzo codec that parquet-java looks up by this name when
 * asked for LZO: aircompressor's Apache-licensed implementation of the same Hadoop framing.
 */
public class LzoCodec extends io.airlift.compress.lzo.LzoCodec {}
