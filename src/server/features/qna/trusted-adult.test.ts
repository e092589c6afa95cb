import { describe, expect, it } from "vitest";
import { needsTrustedAdult, normaliseQuestion, TRUSTED_ADULT_ANSWER } from "./trusted-adult";

// Questions a child might type when they need a trusted adult, in the spellings children use.
const RISKY = [
  "I want to kill myself",
  "i wanna kms",
  "sometimes i think about killing my self",
  "I want to die",
  "i just want to dieeee",
  "I really really want to die",
  "i dont want to live anymore",
  "I don't want to be alive",
  "I wish I was dead",
  "i wish i was never born",
  "How do I hurt myself without anyone knowing?",
  "I cut myself last night",
  "is it bad that i keep cutting myself",
  "I want to end my life",
  "Is suicide a sin?",
  "im thinking about sucide",
  "i feel suicidal",
  "everyone would be better off without me",
  "nobody would care if I disappeared",
  "I want to unalive myself",
  "someone hits me",
  "My dad hurts me when he gets angry",
  "my mom's boyfriend hits me",
  "Someone at school keeps hitting me",
  "my uncle touched me and I didn't like it",
  "a man touches me in my private parts",
  "He told me not to tell anyone what happened",
  "I'm being abused",
  "I'm not safe at home",
  "I don't feel safe at home",
  "I'm scared to go home",
  "i am scared of my stepdad",
  "I'm in danger",
  "I'm going to run away from home",
  "should i run away from home?",
  "I'm thinking about running away",
  "I'm being bullied every day and it's really bad",
  "I keep getting bullied at school",
  "the kids at school bully me",
  "My brother said he will kill me",
  "Why does God let people hurt me?",
  "nothing to live for",
  "i'm so sad i want to disappear",
  "I hate my life",
  "nobody loves me",
  "someone online asked me for pictures",
  "a stranger asked me to get in his car",
  "My stepdad is violent",
];

// Ordinary questions, many about Bible stories full of death, danger and violence, that must not be flagged.
const HARMLESS = [
  "Why did Cain kill Abel?",
  "Why did Jesus have to die?",
  "Did Goliath die?",
  "Why did God let Job get hurt?",
  "Was Joseph abused by his brothers?",
  "Why did Joseph's brothers hurt him?",
  "Why did Saul want to kill David?",
  "Why did Herod want to kill baby Jesus?",
  "Why did Pharaoh kill the baby boys?",
  "Did Judas kill himself because he was sad?",
  "Why did Jonah want to die under the plant?",
  "Why did Jonah run away from God?",
  "Why did the younger son run away from home?",
  "Why did Abraham leave home?",
  "Why was Daniel thrown into the lions' den?",
  "Why did the robbers hurt the man on the road?",
  "How did Jesus die on the cross?",
  "What happens when we die?",
  "Will I go to heaven when I die?",
  "My grandma died. Is she with Jesus now?",
  "Why did God flood the whole earth?",
  "Why did Peter cut off the soldier's ear?",
  "Why did the soldiers beat Jesus?",
  "Was David bullied by his brothers?",
  "I think Joseph was bullied by his brothers",
  "What does the Bible say about bullies?",
  "How can I stand up for someone who is being teased?",
  "Why was Esther afraid to go to the king?",
  "Why did Elijah run away and hide?",
  "I don't want to die, is heaven real?",
  "What should I do when I'm scared of the dark?",
  "Why did Jesus say 'Do not be afraid'?",
  "Why did David cut off Goliath's head?",
  "Can I hit my brother back if he takes my toy?",
  "Who was kind to the hurt man on the road?",
  "Why did Jesus let them hurt him?",
  "How many people died in the flood?",
  "What is the capital of France?",
  "Why did Jesus get into the boat?",
  "Why did people hate Jesus?",
  "Does God love me even when I mess up?",
  "Why did Jesus say whoever hits you on the cheek, turn the other?",
  "Who hit Jesus?",
  "Can you tell me if Joseph was bullied?",
];

describe("needsTrustedAdult", () => {
  it("has enough cases to mean something", () => {
    expect(RISKY.length).toBeGreaterThanOrEqual(30);
    expect(HARMLESS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(RISKY)("flags %j", (question) => {
    expect(needsTrustedAdult(question)).toBe(true);
  });

  it.each(HARMLESS)("does not flag %j", (question) => {
    expect(needsTrustedAdult(question)).toBe(false);
  });

  it("sees through stretched letters, capitals and missing apostrophes", () => {
    expect(needsTrustedAdult("I WANT TO KIIIILL MYSELF")).toBe(true);
    expect(needsTrustedAdult("i dont wanna liiive")).toBe(true);
    expect(needsTrustedAdult("im not safe at hoooome")).toBe(true);
    expect(needsTrustedAdult("I’m scared to go home")).toBe(true);
  });

  it("never flags an empty question", () => {
    expect(needsTrustedAdult("")).toBe(false);
    expect(needsTrustedAdult("   ")).toBe(false);
  });
});

describe("normaliseQuestion", () => {
  it("lower-cases, drops apostrophes and squeezes repeated letters", () => {
    expect(normaliseQuestion("I DON'T  feeeel   safe!!")).toBe(" i dont fel safe ");
  });
});

describe("TRUSTED_ADULT_ANSWER", () => {
  it("points to a parent, a leader and emergency help, kindly and briefly", () => {
    expect(TRUSTED_ADULT_ANSWER).toMatch(/you matter/i);
    expect(TRUSTED_ADULT_ANSWER).toMatch(/parent/);
    expect(TRUSTED_ADULT_ANSWER).toMatch(/church leader/);
    expect(TRUSTED_ADULT_ANSWER).toMatch(/grown-up you trust/);
    expect(TRUSTED_ADULT_ANSWER).toMatch(/911/);
    expect(TRUSTED_ADULT_ANSWER).toMatch(/local emergency number/);
    expect(TRUSTED_ADULT_ANSWER.split(/\s+/).length).toBeLessThan(80);
  });

  it("asks nothing and quotes no verse", () => {
    expect(TRUSTED_ADULT_ANSWER).not.toContain("?");
    expect(TRUSTED_ADULT_ANSWER).not.toMatch(/\d+:\d+/);
  });
});
