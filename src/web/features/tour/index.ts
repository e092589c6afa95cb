// The first-run tour, which a screen loads only when it may show it (it brings the dialog library).
export { FirstRunTour } from "./components/first-run-tour";
