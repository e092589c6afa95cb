// The easy-to-read font: loaded only by readers who choose it, the Latin subset in the weights and style story
// text uses (bold for headings and emphasis, italic for quotes). A browser fetches a file only when text needs it.
import "@fontsource/atkinson-hyperlegible/latin-400.css";
import "@fontsource/atkinson-hyperlegible/latin-700.css";
import "@fontsource/atkinson-hyperlegible/latin-400-italic.css";
import "./easy-read-font.css";

export const EASY_READ_FAMILY = "Atkinson Hyperlegible";
