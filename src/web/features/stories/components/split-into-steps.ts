import { type StoryBlock, spansText } from "../../../../core/stories/story-text";

/** About a phone screen of reading: a section longer than this splits again at a paragraph boundary. */
export const STEP_WORD_LIMIT = 120;

export type LayerStep = {
  blocks: StoryBlock[];
  /**
   * The heading of the section this step goes on with, when a long section split and this step is not its
   * start: shown again (marked as continued) so that every step opens with a heading to read first.
   */
  continues: StoryBlock | null;
};

const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

function blockWords(block: StoryBlock): number {
  if (block.type === "list") return block.items.reduce((sum, item) => sum + countWords(spansText(item)), 0);
  return countWords(spansText(block.spans));
}

/** Whether the text ahead of here is only headings (a title over a subtitle starts one step, not two). */
const onlyHeadings = (blocks: readonly StoryBlock[]) => blocks.every((block) => block.type === "heading");

/**
 * A layer's blocks as short steps: a new step at each heading (with the paragraphs under it), and within a
 * long section another at a block boundary before the step would pass `wordLimit` words. A single block
 * longer than the limit stays whole: a paragraph is never cut in the middle.
 */
export function splitIntoSteps(blocks: readonly StoryBlock[], wordLimit = STEP_WORD_LIMIT): LayerStep[] {
  const steps: LayerStep[] = [];
  let current: LayerStep = { blocks: [], continues: null };
  let words = 0;
  let sectionHeading: StoryBlock | null = null;

  const startStep = (continues: StoryBlock | null) => {
    if (current.blocks.length > 0) steps.push(current);
    current = { blocks: [], continues };
    words = 0;
  };

  for (const block of blocks) {
    if (block.type === "heading") {
      if (!onlyHeadings(current.blocks)) startStep(null);
      sectionHeading = block;
    } else {
      const size = blockWords(block);
      if (words > 0 && words + size > wordLimit) startStep(sectionHeading);
      words += size;
    }
    current.blocks.push(block);
  }
  startStep(null);
  return steps;
}
