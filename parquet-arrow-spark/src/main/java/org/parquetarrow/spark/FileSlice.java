package org.parquetarrow.spark;

import java.io.Serializable;
import java.util.LinkedHashMap;

/**
 * One file of an input partition, with its hive partition values (canonical forms of {@link
 * org.parquetarrow.dataset.DatasetFile#partitionValues()}).
 */
record FileSlice(String path, long length, LinkedHashMap<String, Object> partitionValues) implements Serializable {}
