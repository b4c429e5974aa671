// One grapheme segmenter for the whole program. Building an Intl.Segmenter sets up ICU's break
// rules, which costs far more than splitting a short string, and each one holds its own copy of
// them: code that splits text into graphemes shares this one instead of making its own.

export const graphemeSegmenter = new Intl.Segmenter();

/** The grapheme clusters of `text`: what a person sees as one character each. */
export function graphemes(text: string): string[] {
  return Array.from(graphemeSegmenter.segment(text), (s) => s.segment);
}
