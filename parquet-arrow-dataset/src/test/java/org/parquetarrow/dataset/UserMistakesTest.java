package org.parquetarrow.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.MissingFileException;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.dataset.expr.ExpressionBindException;
import org.parquetarrow.dataset.scan.ScanOptions;
import org.parquetarrow.dataset.scan.ScanReader;
import org.parquetarrow.dataset.scan.Scanner;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * The mistakes a new user makes on purpose (issue 13, item 6): a path that is not there, a folder
 * where a file is wanted, a filter literal the column cannot hold. Each ends in the typed
 * exception the README names, with words about the user's input — never a JDK parser's message,
 * an {@code UncheckedIOException} or the JDK's bare path.
 */
class UserMistakesTest {
  private static final Schema SCHEMA = new Schema(List.of(
      Field.nullable("id", new ArrowType.Int(64, true)),
      Field.nullable("small", new ArrowType.Int(8, true)),
      Field.nullable("u", new ArrowType.Int(32, false)),
      Field.nullable("amount", new ArrowType.Decimal(10, 2, 128)),
      Field.nullable("day", new ArrowType.Date(DateUnit.DAY)),
      Field.nullable("ts", new ArrowType.Timestamp(TimeUnit.SECOND, null)),
      Field.nullable("flag", ArrowType.Bool.INSTANCE),
      Field.nullable("name", ArrowType.Utf8.INSTANCE)));

  @TempDir Path dir;
  private BufferAllocator allocator;

  @BeforeEach
  void writeOneFile() {
    allocator = new RootAllocator();
    try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator)) {
      root.allocateNew();
      ((BigIntVector) root.getVector("id")).setSafe(0, 1);
      root.setRowCount(1);
      try (ParquetFileWriter w = ParquetFileWriter.open(dir.resolve("a.parquet"), SCHEMA, WriterProperties.defaults())) {
        w.write(root);
      }
    }
  }

  @AfterEach
  void noLeaks() {
    assertEquals(0, allocator.getAllocatedMemory(), "outstanding Arrow memory");
    allocator.close();
  }

  @Test
  void aMissingFileSaysItDoesNotExist() {
    Path missing = dir.resolve("nope.parquet");
    MissingFileException e = assertThrows(MissingFileException.class,
        () -> ParquetFileReader.open(missing, ReadOptions.defaults(allocator)));
    assertTrue(e.getMessage().contains("no such file"), e.getMessage());
    assertEquals(missing.toString(), e.location().file());

    e = assertThrows(MissingFileException.class, () -> DatasetDiscovery.file(missing, DiscoveryOptions.defaults()));
    assertTrue(e.getMessage().contains("no such file"), e.getMessage());
    assertEquals(missing.toString(), e.location().file());
  }

  @Test
  void aMissingDatasetDirectorySaysItDoesNotExist() {
    Path missing = dir.resolve("events");
    MissingFileException e = assertThrows(MissingFileException.class,
        () -> DatasetDiscovery.directory(missing, DiscoveryOptions.defaults()));
    assertEquals(missing.toString(), e.location().file());
    // a glob below a missing root: a typed error, not the walk's UncheckedIOException
    e = assertThrows(MissingFileException.class,
        () -> DatasetDiscovery.glob(missing, "*/*.parquet", DiscoveryOptions.defaults()));
    assertEquals(missing.toString(), e.location().file());
  }

  @Test
  void aFileDeletedAfterDiscoveryFailsTheScanNamingIt() throws Exception {
    Dataset ds = DatasetDiscovery.directory(dir, DiscoveryOptions.defaults());
    Files.delete(dir.resolve("a.parquet"));
    MissingFileException e = assertThrows(MissingFileException.class, () -> {
      try (ScanReader r = Scanner.scan(ds, ScanOptions.builder().build(), allocator)) {
        while (r.loadNextBatch()) {
          // drained
        }
      }
    });
    assertEquals(dir.resolve("a.parquet").toString(), e.location().file());
  }

  @Test
  void aDirectoryIsNotAFile() {
    ParquetIOException e = assertThrows(ParquetIOException.class,
        () -> ParquetFileReader.open(dir, ReadOptions.defaults(allocator)));
    assertTrue(e.getMessage().contains("it is a directory, not a file"), e.getMessage());
    assertFalse(e instanceof MissingFileException);
  }

  @Test
  void writingIntoAMissingDirectoryNamesIt() {
    Path target = dir.resolve("no/such/folder/out.parquet");
    MissingFileException e = assertThrows(MissingFileException.class,
        () -> ParquetFileWriter.open(target, SCHEMA, WriterProperties.defaults()));
    assertTrue(e.getMessage().contains("the directory " + target.getParent() + " does not exist"), e.getMessage());
    assertEquals(target.toString(), e.location().file());
  }

  /**
   * Literal, and the words that must describe what the column takes. ({@code u = -1} is no misfit
   * since session 14: as in DuckDB it keeps no row, see OutOfRangeLiteralDuckDbTest.)
   */
  private static Stream<String[]> misfits() {
    return Stream.of(
        new String[] {"id = 'abc'", "whole numbers from -9223372036854775808 to 9223372036854775807", "int64"},
        new String[] {"small = 'x'", "whole numbers from -128 to 127", "int8"},
        new String[] {"u = 'x'", "whole numbers from 0 to 4294967295", "uint32"},
        new String[] {"amount = '12,50'", "numbers such as 12.34 (the column has 2 digits after the point, 10 in all)",
            "decimal128(10, 2)"},
        new String[] {"day = '2024-13-01'", "dates such as date '2024-01-31'", "date32[day]"},
        new String[] {"day = 5", "dates such as date '2024-01-31'", "date32[day]"},
        new String[] {"ts = '2024-01-01 25:00'", "timestamps such as timestamp '2024-01-31 12:30:00'", "timestamp[s]"},
        new String[] {"flag = 'maybe'", "true or false", "bool"},
        new String[] {"name = 5", "strings in single quotes", "string"});
  }

  @Test
  void aLiteralThatDoesNotFitSaysWhichValuesWould() {
    Dataset ds = DatasetDiscovery.directory(dir, DiscoveryOptions.defaults());
    for (String[] m : (Iterable<String[]>) misfits()::iterator) {
      ExpressionBindException e = assertThrows(ExpressionBindException.class, () -> {
        try (ScanReader r = Scanner.scan(ds, ScanOptions.builder().filter(m[0]).build(), allocator)) {
          r.loadNextBatch();
        }
      }, m[0]);
      String msg = e.getMessage();
      assertTrue(msg.contains(m[1]), m[0] + " -> " + msg);
      assertTrue(msg.contains("of type " + m[2]), m[0] + " -> " + msg);
      // the JDK's parsers describe their own grammar, and Arrow Java's toString is not a type name users know
      for (String leak : List.of("Character", "neither a decimal digit", "could not be parsed", "Int(", "Date(",
          "BigInteger", "Utf8", "Decimal(")) {
        assertFalse(msg.contains(leak), m[0] + " -> " + msg);
      }
    }
  }

  @Test
  void filesWrittenWithARelativeNameLandInTheWorkingDirectory() throws Exception {
    // Path.of("x.parquet") has no parent: the temporary file must still go beside it
    Path relative = Path.of("user-mistakes-" + ProcessHandle.current().pid() + ".parquet");
    try {
      try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator)) {
        root.allocateNew();
        root.setRowCount(0);
        try (ParquetFileWriter w = ParquetFileWriter.open(relative, SCHEMA, WriterProperties.defaults())) {
          w.write(root);
        }
      }
      assertTrue(Files.isRegularFile(relative.toAbsolutePath()));
    } finally {
      Files.deleteIfExists(relative);
    }
  }
}
