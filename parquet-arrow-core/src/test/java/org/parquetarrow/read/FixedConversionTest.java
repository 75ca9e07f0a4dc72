package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import org.apache.arrow.memory.ArrowBuf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * The physical-to-Arrow conversions on hand-made bytes, with expected values worked out from the
 * spec: INT96 is 8 bytes of nanoseconds in the day then 4 bytes of Julian day (1970-01-01 is
 * Julian day 2,440,588); decimals in FIXED_LEN_BYTE_ARRAY are big-endian two's complement, Arrow's
 * are little-endian.
 */
class FixedConversionTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @Test
  void int96ToEveryUnit() {
    // 1970-01-02T00:00:01.000001001: Julian day 2440589, 1,000,001,001 ns into the day
    // and 1969-12-31T23:59:59.5: Julian day 2440587, 86,399.5 s into the day
    long[] nanosOfDay = {1_000_001_001L, 86_399_500_000_000L};
    int[] julianDays = {2_440_589, 2_440_587};
    try (ArrowBuf src = memory.allocator().buffer(24); ArrowBuf dst = memory.allocator().buffer(16)) {
      for (int i = 0; i < 2; i++) {
        src.setLong(12L * i, nanosOfDay[i]);
        src.setInt(12L * i + 8, julianDays[i]);
      }
      FixedConversion.INT96_TO_NANOS.convert(src, 12, dst, 0, 8, 2);
      assertEquals(86_400_000_000_000L + 1_000_001_001L, dst.getLong(0));
      assertEquals(-500_000_000L, dst.getLong(8));
      FixedConversion.INT96_TO_MICROS.convert(src, 12, dst, 0, 8, 2);
      assertEquals(86_400_000_000L + 1_000_001L, dst.getLong(0));
      assertEquals(-500_000L, dst.getLong(8));
      FixedConversion.INT96_TO_MILLIS.convert(src, 12, dst, 0, 8, 2);
      assertEquals(86_401_000L, dst.getLong(0));
      assertEquals(-500L, dst.getLong(8));
      FixedConversion.INT96_TO_SECONDS.convert(src, 12, dst, 0, 8, 2);
      assertEquals(86_401L, dst.getLong(0));
      // seconds truncate the time of day, as Arrow C++ does: day -1 plus 86,399 s
      assertEquals(-1L, dst.getLong(8));
    }
  }

  @Test
  void bigEndianDecimalsSignExtend() {
    // FLBA(3): 0x00 0x30 0x39 = 12345, 0xFF 0xCF 0xC7 = -12345
    byte[] stored = {0x00, 0x30, 0x39, (byte) 0xFF, (byte) 0xCF, (byte) 0xC7};
    try (ArrowBuf src = memory.allocator().buffer(6); ArrowBuf dst = memory.allocator().buffer(64)) {
      src.setBytes(0, stored);
      FixedConversion.BIG_ENDIAN_TO_DECIMAL.convert(src, 3, dst, 0, 16, 2);
      assertEquals(BigInteger.valueOf(12345), littleEndian(dst, 0, 16));
      assertEquals(BigInteger.valueOf(-12345), littleEndian(dst, 16, 16));
      FixedConversion.BIG_ENDIAN_TO_DECIMAL.convert(src, 3, dst, 0, 32, 2);
      assertEquals(BigInteger.valueOf(-12345), littleEndian(dst, 32, 32));
    }
  }

  @Test
  void oversizedDecimalsNeedSignBytesOnly() {
    // 17 bytes for a decimal128: the extra leading byte must repeat the sign
    byte[] ok = new byte[17];
    ok[16] = 7;
    byte[] bad = ok.clone();
    bad[0] = 1;
    try (ArrowBuf src = memory.allocator().buffer(17); ArrowBuf dst = memory.allocator().buffer(16)) {
      src.setBytes(0, ok);
      FixedConversion.BIG_ENDIAN_TO_DECIMAL.convert(src, 17, dst, 0, 16, 1);
      assertEquals(BigInteger.valueOf(7), littleEndian(dst, 0, 16));
      src.setBytes(0, bad);
      assertThrows(CorruptFileException.class,
          () -> FixedConversion.BIG_ENDIAN_TO_DECIMAL.convert(src, 17, dst, 0, 16, 1));
    }
  }

  @Test
  void integersNarrowAndWiden() {
    try (ArrowBuf src = memory.allocator().buffer(8); ArrowBuf dst = memory.allocator().buffer(32)) {
      // INT32 holding UINT_8 200 and INT_16 -2 (the spec stores both sign-extended in 32 bits)
      src.setInt(0, 200);
      src.setInt(4, -2);
      FixedConversion.INT32_TO_8.convert(src, 4, dst, 0, 1, 2);
      assertArrayEquals(new byte[] {(byte) 200, (byte) 0xFE}, new byte[] {dst.getByte(0), dst.getByte(1)});
      FixedConversion.INT32_TO_16.convert(src, 4, dst, 0, 2, 2);
      assertEquals(200, dst.getShort(0));
      assertEquals(-2, dst.getShort(2));
      FixedConversion.INT32_TO_DECIMAL.convert(src, 4, dst, 0, 16, 2);
      assertEquals(BigInteger.valueOf(200), littleEndian(dst, 0, 16));
      assertEquals(BigInteger.valueOf(-2), littleEndian(dst, 16, 16));
    }
  }

  private static BigInteger littleEndian(ArrowBuf buf, long offset, int width) {
    byte[] bigEndian = new byte[width];
    for (int i = 0; i < width; i++) {
      bigEndian[width - 1 - i] = buf.getByte(offset + i);
    }
    return new BigInteger(bigEndian);
  }
}
