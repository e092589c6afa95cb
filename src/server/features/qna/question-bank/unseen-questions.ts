/**
 * Unseen questions: an independent check of how well the offline helper understands children (issue 22).
 *
 * Each entry is a question reworded the way a child or teen (7-18) might really type it: lower case, missing
 * apostrophes, misspellings, slang, two-word queries, long rambling ones, and people or events described without
 * being named. `id` is the bank entry a good Sunday-school teacher would answer with, `story` a library story slug
 * when the question is about a moment of that story that no entry covers better, and `ok` any other entries or
 * slugs a fair judge would also accept. The last ten have no label: they are off-topic and must fall back.
 *
 * The table was written from the bank's index only (entry ids, their main questions and the stories they send to)
 * without reading the bank's wording, the matcher or any other test table, and it was never tuned against.
 * Keep it that way: whoever tunes the matcher or the bank must not read this file, or the score stops meaning
 * anything about questions the helper has never seen.
 */
export const UNSEEN_QUESTIONS: { asked: string; id?: string; story?: string; ok?: string[] }[] = [
  // Bible events
  {
    asked: "why did god send a huge flood and drown everybody",
    id: "why-did-god-flood-the-earth",
    ok: ["noah-and-the-ark", "who-was-noah"],
  },
  {
    asked: "the guy who got swallowed by a whale what happend to him after",
    id: "what-happened-to-jonah",
    ok: ["jonah-and-the-great-fish"],
  },
  {
    asked: "how did moses make the sea split in half so everyone could walk thru it",
    id: "how-did-the-red-sea-part",
    ok: ["moses-and-the-exodus", "who-was-moses"],
  },
  {
    asked: "jesus fed like thousands of ppl with a couple fish and some bred how",
    id: "feeding-of-the-five-thousand",
  },
  {
    asked: "small shepherd boy beats a giant with just a sling and a rock",
    id: "how-did-david-beat-goliath",
    ok: ["david-and-goliath", "who-was-king-david"],
  },
  {
    asked: "how did god make the whole world in 7 days",
    story: "creation",
    ok: ["who-is-god", "how-old-is-the-earth"],
  },
  {
    asked: "why was baby jesus born in a stable with animals",
    id: "what-happened-at-christmas",
    ok: ["the-birth-of-jesus"],
  },

  // New Testament people
  {
    asked: "that short tax collector who climbed up a tree to see jesus",
    id: "who-was-zacchaeus",
    ok: ["zacchaeus", "why-did-jesus-eat-with-sinners"],
  },
  {
    asked: "why did judas sell out jesus for money",
    id: "why-did-judas-betray-jesus",
  },
  {
    asked: "the disciple who wouldnt beleive jesus was alive until he touched the holes in his hands",
    id: "who-was-doubting-thomas",
    ok: ["the-resurrection"],
  },
  {
    asked: "who were the 3 kings that folowed the star and brought gifts",
    id: "who-were-the-wise-men",
    ok: ["the-birth-of-jesus", "what-happened-at-christmas"],
  },
  {
    asked: "the man who got blinded by a bright light on the road to damascus and then changed his name",
    id: "who-was-paul",
  },
  {
    asked: "jesuss freind who was dead for 4 days and walked out of the tomb",
    id: "who-was-lazarus",
  },

  // Old Testament people
  {
    asked: "why did they throw daniel to the lions",
    story: "daniel-in-the-lions-den",
    ok: ["who-was-daniel"],
  },
  {
    asked: "esther was she actually a queen and why do people say she was brave",
    id: "who-was-esther",
    ok: ["esther-the-brave-queen"],
  },
  {
    asked: "whos the oldist guy in the bible",
    id: "who-was-the-oldest-person",
  },
  {
    asked: "joseph and his fancy colorful coat, why did his brothers sell him",
    id: "who-was-joseph-old-testament",
    ok: ["joseph-and-his-brothers"],
  },
  {
    asked: "ruth and naomi",
    id: "who-was-ruth",
    ok: ["ruth-and-naomi"],
  },
  {
    asked: "the prophet who called down fire from heaven against the prophets of baal",
    story: "elijah-on-mount-carmel",
    ok: ["who-was-elijah"],
  },
  {
    asked: "abraham and sarah had a baby when they were like 100 years old how",
    story: "abraham-and-gods-promise",
    ok: ["who-was-abraham"],
  },

  // Forgiveness and grace
  {
    asked: "if i do something really really bad will god stop loving me",
    id: "does-god-love-me-when-im-bad",
    ok: ["can-i-lose-gods-love", "the-prodigal-son", "is-anyone-too-bad-for-god"],
  },
  {
    asked: "my friend was super mean to me at school do i still need to forgive her",
    id: "do-i-have-to-forgive",
  },
  {
    asked: "grace?? my pastor keeps saying it and i dont get it",
    id: "what-does-grace-mean",
  },
  {
    asked: "once god forgives u does he forget about it or does he keep a list",
    id: "does-god-forget-my-sins",
  },
  {
    asked: "the son who wasted all his dads money and then came crawling back home",
    story: "the-prodigal-son",
    ok: ["what-does-grace-mean", "does-god-love-me-when-im-bad", "what-is-repentance"],
  },
  {
    asked: "if im a good person do i get into heaven automaticly",
    id: "can-i-go-to-heaven-by-being-good",
    ok: ["who-goes-to-heaven", "what-does-saved-mean"],
  },

  // God and Jesus
  {
    asked: "is god even real tho",
    id: "is-god-real",
  },
  {
    asked: "father son and holy spirit, how can they be 3 but also 1",
    id: "what-is-the-trinity",
    ok: ["is-the-holy-spirit-god", "is-jesus-god"],
  },
  {
    asked: "did jesus ever sin when he was a kid like disobey his mom",
    id: "was-jesus-ever-bad",
  },
  {
    asked: "jesus hair and skin colour",
    id: "what-did-jesus-look-like",
  },
  {
    asked: "why did jesus need to die for us",
    id: "why-did-jesus-have-to-die",
    ok: ["what-happened-on-the-cross", "why-did-jesus-come"],
  },
  {
    asked: "does god watch me 24/7 even when im alone in my room",
    id: "does-god-see-everything",
  },

  // Hard questions
  {
    asked: "dinosaurs and the bible??",
    id: "are-dinosaurs-in-the-bible",
    ok: ["creation"],
  },
  {
    asked: "if god is good why did he let my mum get cancer",
    id: "why-do-people-get-sick",
    ok: ["why-do-bad-things-happen"],
  },
  {
    asked: "is the world really only 6000 years old",
    id: "how-old-is-the-earth",
    ok: ["does-science-disagree-with-the-bible", "what-about-evolution", "creation"],
  },
  {
    asked: "did humans come from monkies",
    id: "what-about-evolution",
    ok: ["does-science-disagree-with-the-bible", "creation"],
  },
  {
    asked: "my best friend is muslim, is she going to hell because shes not christian",
    id: "what-about-other-religions",
    ok: ["who-goes-to-heaven", "is-hell-real", "people-who-never-heard-of-jesus"],
  },
  {
    asked: "why did god creat satan if he knew he would turn evil",
    id: "why-did-god-make-the-devil",
    ok: ["is-the-devil-real"],
  },

  // Heaven and death
  {
    asked: "my dog died yesterday is he in heaven now",
    id: "will-my-pet-go-to-heaven",
  },
  {
    asked: "my grandpa pased away last week where is he now",
    id: "where-is-grandma-now",
    ok: ["what-happens-when-we-die"],
  },
  {
    asked: "whats it like up there in heaven, is it boring",
    id: "what-is-heaven-like",
    ok: ["is-heaven-in-the-sky"],
  },
  {
    asked: "does hell actualy exist",
    id: "is-hell-real",
  },
  {
    asked: "why does everyone have to die someday",
    id: "why-do-people-die",
    ok: ["what-happens-when-we-die"],
  },

  // Holy Spirit
  {
    asked: "holy ghost?? is it like a spooky ghost",
    id: "is-the-holy-spirit-a-ghost",
    ok: ["what-is-the-holy-spirit"],
  },
  {
    asked: "holy spirit",
    id: "what-is-the-holy-spirit",
  },
  {
    asked: "the day the disciples started speaking in other languages and had fire on there heads",
    id: "what-happened-at-pentecost",
  },
  {
    asked: "im only 9 can the holy spirit live in me",
    id: "can-kids-have-the-holy-spirit",
  },
  {
    asked: "if i sin alot will the holy spirit go away from me",
    id: "can-the-holy-spirit-leave-me",
  },

  // Prayer
  {
    asked: "how do u talk to god",
    id: "how-do-i-pray",
  },
  {
    asked:
      "i prayed every night that my parents wouldnt get divorced and they still did, why didnt god do anything",
    id: "why-doesnt-god-answer-my-prayers",
  },
  {
    asked: "our father who art in heaven... what is that prayer",
    id: "what-is-the-lords-prayer",
  },
  {
    asked: "why do we say amen at the end",
    id: "what-does-amen-mean",
  },
  {
    asked: "is it ok to be mad at god and just tell him",
    id: "can-i-pray-when-im-angry-or-sad",
  },
  {
    asked: "if god already knows what i need whats the point of praying",
    id: "why-pray-if-god-knows",
  },

  // Sin
  {
    asked: "what counts as a sin",
    id: "what-is-sin",
  },
  {
    asked: "is it bad to lie to my mom about doing my homwork",
    id: "is-lying-a-sin",
  },
  {
    asked: "the 10 rules god gave moses on the mountian",
    id: "what-are-the-ten-commandments",
    ok: ["moses-and-the-exodus"],
  },
  {
    asked: "why did eve eat the apple and get kicked out of the garden",
    id: "what-happened-in-the-garden-of-eden",
    ok: ["who-were-adam-and-eve", "creation"],
  },
  {
    asked: "i get so mad at my little brother is that wrong",
    id: "is-being-angry-a-sin",
  },

  // The Bible itself
  {
    asked: "did god write the bible himself or was it people",
    id: "who-wrote-the-bible",
  },
  {
    asked: "how many books does the bible have",
    id: "how-many-books-in-the-bible",
  },
  {
    asked: "old testament vs new testament",
    id: "old-and-new-testament",
  },
  {
    asked: "is the bible legit or fake",
    id: "is-the-bible-true",
    ok: ["are-bible-stories-real"],
  },
  {
    asked: "why r there so many versions like kjv and niv",
    id: "why-are-there-different-bibles",
  },

  // Church and Christian life
  {
    asked: "church is so boring why do we even have to go every sunday",
    id: "why-go-to-church",
  },
  {
    asked: "why do peple get dunked under water at church",
    id: "what-is-baptism",
  },
  {
    asked: "the little bread and tiny cups of juice they pass around at church what is that",
    id: "what-is-communion",
    ok: ["what-was-the-last-supper"],
  },
  {
    asked: "how can i tell my best friend about jesus without being weird",
    id: "how-do-i-tell-my-friends-about-jesus",
  },
  {
    asked: "why do i have to listen to my mom and dad all the time",
    id: "why-should-i-obey-my-parents",
  },
  {
    asked: "the story where a man gets beat up by robbers and the one guy who stops to help him",
    story: "the-good-samaritan",
    ok: ["how-should-i-treat-people", "what-does-mercy-mean"],
  },

  // Off-topic: no label, the helper must fall back instead of answering from the bank
  { asked: "whats 7 times 8" },
  { asked: "how do i beat the ender dragon in minecraft" },
  { asked: "my hamster wont eat its food what should i do" },
  { asked: "why is the sky blue" },
  { asked: "can u help me write my essay on the french revolution" },
  { asked: "how many legs does a spider have" },
  { asked: "whats the capital of australia" },
  { asked: "best fortnite skins rn" },
  { asked: "how do volcanoes erupt" },
  { asked: "can you teach me how to draw a horse" },
];
