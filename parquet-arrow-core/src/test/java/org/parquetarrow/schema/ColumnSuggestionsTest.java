package org.parquetarrow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The names offered for a misspelled column; every expected answer worked out by hand. */
class ColumnSuggestionsTest {
  private static final List<String> LINEITEM = List.of("l_orderkey", "l_partkey", "l_suppkey", "l_linenumber",
      "l_quantity", "l_discount", "l_tax", "l_shipdate");

  @Test
  void aDroppedLetterFindsTheName() {
    assertEquals(List.of("l_orderkey"), ColumnSuggestions.closest("l_orderky", LINEITEM));
    assertEquals(" (did you mean l_orderkey?)", ColumnSuggestions.didYouMean("l_orderky", LINEITEM));
  }

  @Test
  void aSwapOfNeighboursIsOneEdit() {
    // "nmae" -> "name" is two substitutions for plain Levenshtein, past the limit of 1 for four letters
    assertEquals(List.of("name"), ColumnSuggestions.closest("nmae", List.of("id", "name", "names_x")));
  }

  @Test
  void aCaseOnlyDifferenceComesFirstAndIsCalledOut() {
    assertEquals(" (did you mean l_orderkey? names are case-sensitive)",
        ColumnSuggestions.didYouMean("L_ORDERKEY", LINEITEM));
    // a case-only match is offered alone, though "tax1" is one edit away
    assertEquals(List.of("Tax"), ColumnSuggestions.closest("tax", List.of("l_tax", "tax1", "Tax")));
    // without one, the one-edit neighbour; "l_tax" is two edits, past the limit of 1 for 3 letters
    assertEquals(List.of("tax1"), ColumnSuggestions.closest("tax", List.of("l_tax", "tax1")));
  }

  @Test
  void aTypoInANestedSegmentFindsThePath() {
    List<String> names = List.of("id", "address", "address.city", "address.zip", "tags", "tags.item");
    assertEquals(List.of("address.city"), ColumnSuggestions.closest("address.ctiy", names));
    assertEquals(List.of("address.zip"), ColumnSuggestions.closest("adress.zip", names));
    // a wholly different last segment is not a typo: "address.zip" is three edits from "address.cty", past the limit of 2 for 11 characters
    assertEquals(List.of("address.city"), ColumnSuggestions.closest("address.cty", names));
  }

  @Test
  void aOneLetterNameIsNotATypoOfAnother() {
    assertEquals(List.of(), ColumnSuggestions.closest("x", List.of("i", "u", "s")));
  }

  @Test
  void nothingCloseOffersNothing() {
    assertEquals(List.of(), ColumnSuggestions.closest("price", LINEITEM));
    assertEquals("", ColumnSuggestions.didYouMean("price", LINEITEM));
    assertEquals("", ColumnSuggestions.didYouMean("l_tax", LINEITEM), "an existing name needs no suggestion");
  }

  @Test
  void atMostThreeNearestFirst() {
    List<String> names = List.of("a_key1", "b_key1", "c_key1", "d_key1", "l_key12", "l_key");
    // "l_key" and "l_key12" are one edit (a deletion / an insertion) as are a_key1..d_key1 (a substitution);
    // at most three are offered, in the candidates' order among equals
    assertEquals(List.of("a_key1", "b_key1", "c_key1"), ColumnSuggestions.closest("l_key1", names));
  }
}
