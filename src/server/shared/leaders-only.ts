/** The reason every leader's decision gives for skipping the writer guard. */
export const LEADERS_DECISION = "a leader's decision; its reason goes only to the audit log";

/**
 * The authorise step of a leader's decision. Its one check is the route's `requireRole("leader")`, which has
 * to answer before the body is validated (someone who may not act learns nothing from a 400), and which
 * has read the role already: reading it again here would cost a query per decision for the same answer.
 * Each leader route's tests send a member and expect 403, so a route without the guard cannot land.
 */
export const checkedByRoute = async (): Promise<void> => {};
