package org.parquetarrow.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.parquetarrow.ParquetException;
import org.parquetarrow.format.ChunkDecoding;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.MetadataLimits;
import org.parquetarrow.format.MetadataReader;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.io.ByteBufferInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.schema.ArrowSchemaConverter;

/**
 * Target (a): the thrift metadata. The first byte chooses the struct, the rest is its serialized
 * form (a footer is also decoded with its chunks on first access, and each asked for); choice 7 reads the rest as a whole file's tail through {@link ParquetFooter} and maps its
 * schema to Arrow. Seeds are footers, page headers, indexes and bloom filter headers cut from the
 * test corpus, and small corpus files.
 */
class MetadataFuzzTest {
  @FuzzTest
  void thriftMetadata(byte[] input) {
    if (input.length == 0) {
      return;
    }
    byte[] rest = Arrays.copyOfRange(input, 1, input.length);
    try {
      switch ((input[0] & 0xff) % 8) {
        case 0 -> {
          decodeOnAccess(rest);
          ArrowSchemaConverter.toArrow(MetadataReader.readFileMetaData(ByteBuffer.wrap(rest)));
        }
        case 1 -> MetadataReader.readPageHeader(ByteBuffer.wrap(rest));
        case 2 -> MetadataReader.readColumnIndex(ByteBuffer.wrap(rest));
        case 3 -> MetadataReader.readOffsetIndex(ByteBuffer.wrap(rest));
        case 4 -> MetadataReader.readBloomFilterHeader(ByteBuffer.wrap(rest));
        case 5 -> MetadataReader.readColumnMetaData(ByteBuffer.wrap(rest));
        case 6 -> MetadataReader.readFileCryptoMetaData(ByteBuffer.wrap(rest));
        default -> {
          FileMetaData m = ParquetFooter.read(new ByteBufferInputFile("fuzz.parquet", rest)).metadata();
          ArrowSchemaConverter.toArrow(m);
        }
      }
    } catch (ParquetException expected) {
      // a typed error is the right end of a bad input
    }
  }

  /** The footer with its wide row groups' chunks left undecoded, then every chunk asked for. */
  private static void decodeOnAccess(byte[] footer) {
    try {
      FileMetaData m = MetadataReader.readFileMetaData(ByteBuffer.wrap(footer), MetadataLimits.DEFAULT, -1,
          ChunkDecoding.ON_FIRST_ACCESS);
      for (RowGroup g : m.rowGroups()) {
        for (int c = 0; c < g.columns().size(); c++) {
          g.columns().get(c);
        }
      }
    } catch (ParquetException expected) {
      // as above
    }
  }
}
