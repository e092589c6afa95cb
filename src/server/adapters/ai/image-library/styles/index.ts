// The six styles of the spec, by id.
import type { ImageStyleId } from "../../../../../core/stories/image-styles";
import type { Style } from "../look";
import { cartoon } from "./cartoon";
import { classic } from "./classic";
import { modern } from "./modern";
import { realistic } from "./realistic";
import { stainedGlass } from "./stained-glass";
import { watercolor } from "./watercolor";

export const STYLES: Record<ImageStyleId, Style> = {
  classic,
  modern,
  watercolor,
  "stained-glass": stainedGlass,
  cartoon,
  realistic,
};
