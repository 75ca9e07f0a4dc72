package org.parquetarrow.write;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.LargeListViewVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.ListViewVector;

/**
 * Where each list's elements are in its child vector, for every Arrow list layout: what {@link
 * LevelShredder} expands lists by (32-bit offset lists, the common case, it reads straight from
 * memory instead).
 */
abstract class ListShape {
  abstract int start(int i);

  abstract int length(int i);

  static ListShape of(ValueVector v) {
    if (v instanceof ListVector l) { // maps too
      ArrowBuf o = l.getOffsetBuffer();
      return new ListShape() {
        int start(int i) {
          return o.getInt(4L * i);
        }

        int length(int i) {
          return o.getInt(4L * i + 4) - o.getInt(4L * i);
        }
      };
    } else if (v instanceof LargeListVector l) {
      ArrowBuf o = l.getOffsetBuffer();
      return new ListShape() {
        int start(int i) {
          return Math.toIntExact(o.getLong(8L * i));
        }

        int length(int i) {
          return Math.toIntExact(o.getLong(8L * i + 8) - o.getLong(8L * i));
        }
      };
    } else if (v instanceof FixedSizeListVector l) {
      int size = l.getListSize();
      return new ListShape() {
        int start(int i) {
          return i * size;
        }

        int length(int i) {
          return size;
        }
      };
    } else if (v instanceof ListViewVector l) {
      ArrowBuf o = l.getOffsetBuffer();
      ArrowBuf s = l.getSizeBuffer();
      return new ListShape() {
        int start(int i) {
          return o.getInt(4L * i);
        }

        int length(int i) {
          return s.getInt(4L * i);
        }
      };
    } else if (v instanceof LargeListViewVector l) {
      ArrowBuf o = l.getOffsetBuffer();
      ArrowBuf s = l.getSizeBuffer();
      return new ListShape() {
        int start(int i) {
          return Math.toIntExact(o.getLong(8L * i));
        }

        int length(int i) {
          return Math.toIntExact(s.getLong(8L * i));
        }
      };
    }
    throw new IllegalArgumentException("vector " + v.getName() + " is not a list: " + v.getClass().getSimpleName());
  }

  /** The elements' vector of any Arrow list layout (maps too). */
  static ValueVector dataVector(ValueVector v) {
    if (v instanceof ListVector l) {
      return l.getDataVector();
    } else if (v instanceof LargeListVector l) {
      return l.getDataVector();
    } else if (v instanceof FixedSizeListVector l) {
      return l.getDataVector();
    } else if (v instanceof ListViewVector l) {
      return l.getDataVector();
    } else if (v instanceof LargeListViewVector l) {
      return l.getDataVector();
    }
    throw new IllegalArgumentException("vector " + v.getName() + " is not a list: " + v.getClass().getSimpleName());
  }
}
