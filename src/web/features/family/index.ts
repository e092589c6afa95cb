// What other features may use of families: whether a parent's switch lets this reader use something, the
// account's place in a family, and the screen gate that shows the parent's sentence where a switch is off.
export { FamilySwitchGate, TurnedOffPanel } from "./components/turned-off-panel";
export { useFamilyAccount, useFamilySwitch } from "./hooks/use-family-switch";
