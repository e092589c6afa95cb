// A second hidden list of children's questions, reworded by a person, for scoring the offline helper (issue 22).
// Written the way a Sunday-school teacher might type up what the kids in class actually asked, plus teens' phrasing:
// lower case, missing apostrophes, misspellings, slang, two-word queries and long rambling ones.
// It was written from the bank's index only (each entry's id, main question and story) and the library's story
// titles, never from the bank's wording, the matcher or the first unseen table, and it has never been tuned against.
// Tuning the bank or the matcher must not read this file, or its score stops meaning anything.
//
// Each answerable question is labelled with the bank entry `id` a good teacher would answer with (or the library
// story `story` slug for a moment no entry covers better); `ok` lists other entries or slugs a fair judge would also
// accept. Off-topic questions carry no label: the helper must fall back on them instead of answering from the bank.
export const UNSEEN_QUESTIONS_2: { asked: string; id?: string; story?: string; ok?: string[] }[] = [
  // Bible events
  {
    asked: "why did god send the big flood and drown evryone",
    id: "why-did-god-flood-the-earth",
    ok: ["noah-and-the-ark", "who-was-noah"],
  },
  {
    asked: "the man who got swallowed by a whale what happened to him",
    id: "what-happened-to-jonah",
    ok: ["jonah-and-the-great-fish"],
  },
  {
    asked: "how did moses make the sea open up so everyone could walk thru",
    id: "how-did-the-red-sea-part",
    ok: ["moses-and-the-exodus", "who-was-moses"],
  },
  {
    asked: "jesus used a little boys lunch to feed a massive crowd how is that even possible",
    id: "feeding-of-the-five-thousand",
  },
  {
    asked: "a small shepherd kid killed a giant with a sling??",
    id: "how-did-david-beat-goliath",
    ok: ["david-and-goliath", "who-was-king-david"],
  },
  {
    asked: "frogs and locusts and the river turning into blood in egypt why did god do that",
    id: "what-were-the-plagues",
    ok: ["moses-and-the-exodus"],
  },
  {
    asked:
      "peter said three times he never knew jesus and then a rooster crowed, why would he do that to his best friend",
    id: "why-did-peter-deny-jesus",
    ok: ["who-was-peter"],
  },

  // People of the New Testament
  { asked: "what made judas sell jesus out for money", id: "why-did-judas-betray-jesus" },
  { asked: "names of jesus 12 best freinds", id: "who-were-the-twelve-disciples" },
  {
    asked: "the guy who used to hunt down christians and then went blind on the road",
    id: "who-was-paul",
  },
  {
    asked: "the short tax man who climbed up a tree to see jesus",
    id: "who-was-zacchaeus",
    ok: ["zacchaeus"],
  },
  {
    asked: "thomas wouldnt beleive jesus was alive until he touched the holes in his hands",
    id: "who-was-doubting-thomas",
    ok: ["the-resurrection", "did-jesus-really-rise"],
  },
  {
    asked: "jesus friend who was dead for 4 days and then walked out of the tomb",
    id: "who-was-lazarus",
    ok: ["the-resurrection"],
  },

  // People of the Old Testament
  { asked: "who was aron", id: "who-was-moses-brother", ok: ["who-was-moses", "moses-and-the-exodus"] },
  { asked: "the first brothers where one of them murdered the other one", id: "why-did-cain-kill-abel" },
  { asked: "strongest man ever who lost all his power when his hair got cut", id: "who-was-samson" },
  { asked: "was king soloman actually that smart", id: "who-was-solomon" },
  {
    asked: "who lived the longest in the bible like 900 years or something",
    id: "who-was-the-oldest-person",
  },

  // Forgiveness and grace
  {
    asked: "does god still love me if i did something really bad today",
    id: "does-god-love-me-when-im-bad",
    ok: ["can-i-lose-gods-love", "is-anyone-too-bad-for-god", "the-prodigal-son"],
  },
  { asked: "whats grace", id: "what-does-grace-mean" },
  {
    asked: "my friend was really mean to me at school do i really have to forgive her",
    id: "do-i-have-to-forgive",
  },
  { asked: "what does being saved even mean lol", id: "what-does-saved-mean" },
  {
    asked: "why was jesus friends with tax collectors and bad people",
    id: "why-did-jesus-eat-with-sinners",
    ok: ["zacchaeus", "who-was-zacchaeus", "who-was-matthew"],
  },

  // God and Jesus
  {
    asked: "is jesus actually god or just gods son",
    id: "is-jesus-god",
    ok: ["why-is-jesus-called-son-of-god", "what-is-the-trinity"],
  },
  { asked: "how do we know god exsists", id: "is-god-real" },
  { asked: "3 in 1 god how does that work", id: "what-is-the-trinity" },
  { asked: "did jesus ever sin even once when he was a kid", id: "was-jesus-ever-bad" },
  { asked: "what did jesuss face look like was he white", id: "what-did-jesus-look-like" },
  { asked: "is jesus gonna come back to earth one day", id: "is-jesus-coming-back" },

  // Hard questions
  {
    asked: "were there dinosaurs on noahs ark",
    id: "are-dinosaurs-in-the-bible",
    ok: ["noah-and-the-ark", "creation"],
  },
  {
    asked: "if god is so good why does he let terrible stuff happen to people",
    id: "why-do-bad-things-happen",
    ok: ["why-doesnt-god-stop-wars", "why-do-people-get-sick"],
  },
  {
    asked: "my mum has cancer why wont god make her better",
    id: "why-do-people-get-sick",
    ok: ["why-do-bad-things-happen", "why-doesnt-god-answer-my-prayers"],
  },
  {
    asked: "do christians belive we came from monkeys or not",
    id: "what-about-evolution",
    ok: ["does-science-disagree-with-the-bible", "creation"],
  },
  {
    asked: "my best friend is muslim will she still go to heaven",
    id: "what-about-other-religions",
    ok: ["who-goes-to-heaven", "people-who-never-heard-of-jesus"],
  },
  { asked: "are spells and wizards real or is that stuff bad", id: "is-magic-real" },

  // Heaven and death
  { asked: "will my dog be in heaven when he dies", id: "will-my-pet-go-to-heaven" },
  { asked: "what do you even do in heaven all day, isnt it boring", id: "what-is-heaven-like" },
  {
    asked: "my grampa died last week where is he now",
    id: "where-is-grandma-now",
    ok: ["what-happens-when-we-die"],
  },
  {
    asked: "when my nan died did she turn into an angle",
    id: "do-we-become-angels",
    ok: ["where-is-grandma-now"],
  },
  { asked: "is hell an acutal place with fire", id: "is-hell-real" },

  // The Holy Spirit
  { asked: "holy spirit??", id: "what-is-the-holy-spirit", ok: ["is-the-holy-spirit-god"] },
  { asked: "why do old bibles say holy ghost, is it like a ghost", id: "is-the-holy-spirit-a-ghost" },
  {
    asked: "the day the disciples had fire on there heads and talked in other languages",
    id: "what-happened-at-pentecost",
    ok: ["what-is-the-holy-spirit"],
  },
  {
    asked: "im 9 can the holy spirit live in me or is it only for grown ups",
    id: "can-kids-have-the-holy-spirit",
  },
  { asked: "if i do something bad will the holy spirit go away from me", id: "can-the-holy-spirit-leave-me" },

  // Prayer
  { asked: "how do you talk to god", id: "how-do-i-pray" },
  { asked: "does god actualy listen when i pray in my head", id: "does-god-hear-my-prayers" },
  {
    asked: "i prayed every night for my dad to get a job and nothing happened",
    id: "why-doesnt-god-answer-my-prayers",
  },
  { asked: "why do we say amen at the end", id: "what-does-amen-mean" },
  {
    asked: "is it ok to yell at god when im really mad",
    id: "can-i-pray-when-im-angry-or-sad",
    ok: ["is-being-angry-a-sin"],
  },

  // Sin
  { asked: "what counts as a sin", id: "what-is-sin" },
  {
    asked: "is it bad to tell a white lie so you dont hurt someones feelings",
    id: "is-lying-a-sin",
  },
  {
    asked: "list of the 10 rules god gave moses",
    id: "what-are-the-ten-commandments",
    ok: ["moses-and-the-exodus"],
  },
  {
    asked: "the snake and the apple story",
    id: "what-happened-in-the-garden-of-eden",
    ok: ["who-were-adam-and-eve", "creation"],
  },
  { asked: "is god mad at me", id: "does-god-get-angry" },

  // The Bible itself
  { asked: "did god write the bible himself or was it people", id: "who-wrote-the-bible" },
  { asked: "whats the diffrence between old testement and new testement", id: "old-and-new-testament" },
  { asked: "why is there niv and kjv and all these different ones", id: "why-are-there-different-bibles" },
  {
    asked: "did jonah really live inside a fish or is it just a story",
    id: "are-bible-stories-real",
    ok: ["what-happened-to-jonah", "jonah-and-the-great-fish", "is-the-bible-true"],
  },
  { asked: "matthew mark luke john what are they", id: "what-is-a-gospel" },

  // The church and Christian life
  { asked: "church is so boring why do i have to go every sunday", id: "why-go-to-church" },
  { asked: "why do people get dunked in water at church", id: "what-is-baptism" },
  {
    asked: "what is the bread and juice thing they do at church",
    id: "what-is-communion",
    ok: ["what-was-the-last-supper"],
  },
  {
    asked: "how do i tell my friends at school about jesus without being weird about it",
    id: "how-do-i-tell-my-friends-about-jesus",
  },
  { asked: "why do i have to do what my parents say", id: "why-should-i-obey-my-parents" },

  // Moments of library stories that no entry covers better
  {
    asked: "why did josephs brothers throw him in a pit and sell him",
    story: "joseph-and-his-brothers",
    ok: ["who-was-joseph-old-testament"],
  },
  {
    asked: "the samaritan guy who stopped to help the beaten up man when the priest walked past",
    story: "the-good-samaritan",
    ok: ["what-does-mercy-mean", "how-should-i-treat-people"],
  },
  {
    asked: "ruth wouldnt leave her mother in law and went with her to a new country",
    story: "ruth-and-naomi",
    ok: ["who-was-ruth"],
  },
  {
    asked: "elijah called down fire on the altar and beat the prophets of baal",
    story: "elijah-on-mount-carmel",
    ok: ["who-was-elijah"],
  },
  {
    asked: "why didnt the lions eat daniel",
    story: "daniel-in-the-lions-den",
    ok: ["who-was-daniel"],
  },

  // Off-topic: the helper must fall back
  { asked: "whats 7 times 8" },
  { asked: "help me with my fractions homework pls" },
  { asked: "how do i beat the ender dragon in minecraft" },
  { asked: "best fortnite skins right now" },
  { asked: "how often should i feed my hamster" },
  { asked: "why is the sky blue" },
  { asked: "how many planets are in the solar system" },
  { asked: "what is photosynthesis" },
  { asked: "my cat keeps throwing up what do i do" },
  { asked: "who won the world cup" },
];
