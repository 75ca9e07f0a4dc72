package org.parquetarrow.format;

import java.util.AbstractList;
import java.util.RandomAccess;

/**
 * An unmodifiable list over an array the decoder filled and hands over: one object on top of the
 * array, where {@code ArrayList} plus an unmodifiable view would take two.
 */
final class FrozenList<E> extends AbstractList<E> implements RandomAccess {
  private final Object[] elements;

  private FrozenList(Object[] elements) {
    this.elements = elements;
  }

  /** Wraps {@code elements} without copying; the caller must not keep or change the array. */
  static <E> FrozenList<E> of(Object[] elements) {
    return new FrozenList<>(elements);
  }

  @Override
  @SuppressWarnings("unchecked")
  public E get(int index) {
    return (E) elements[index];
  }

  @Override
  public int size() {
    return elements.length;
  }
}
