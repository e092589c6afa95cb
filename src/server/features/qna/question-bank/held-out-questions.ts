// Questions as children type them that the matcher was not built on, to tell whether it learnt children's
// questions or only the hundred of content/questions/asked.test-data.yaml whose score the tuning watched.
// None repeats a line of the bank or of the test data (offline-helper.test.ts checks).

export type HeldOutQuestion = { asked: string; id: string } | { asked: string; story: string };

/**
 * Written before the matcher was tuned: three per theme, and four about library stories alone. Its
 * misses were looked at while tuning the general mechanisms (thresholds, children's words), never to
 * add its own wording anywhere.
 */
export const HELD_OUT_QUESTIONS: HeldOutQuestion[] = [
  // God and Jesus
  { asked: "does god sleep at night", id: "does-god-ever-sleep" },
  { asked: "what was jesus face like", id: "what-did-jesus-look-like" },
  { asked: "why did jesus get born as a baby", id: "why-did-jesus-come" },
  // The Holy Spirit
  { asked: "why is he called the holy ghost sometimes", id: "is-the-holy-spirit-a-ghost" },
  { asked: "what happend on pentecost day", id: "what-happened-at-pentecost" },
  { asked: "can the holy spirit go away from me", id: "can-the-holy-spirit-leave-me" },
  // Prayer
  { asked: "do i need to shut my eyes when praying", id: "do-i-have-to-close-my-eyes-to-pray" },
  { asked: "if god knows what i want why do i have to ask him", id: "why-pray-if-god-knows" },
  { asked: "the kids at school are mean should i pray for them", id: "can-i-pray-for-people-who-are-mean" },
  // Sin
  { asked: "is it bad to be mad", id: "is-being-angry-a-sin" },
  { asked: "how do i say no when something bad looks fun", id: "what-is-temptation" },
  { asked: "does god think all sins are the same", id: "are-some-sins-worse" },
  // Forgiveness and grace
  { asked: "will god forget the bad stuff i did", id: "does-god-forget-my-sins" },
  { asked: "can god forgive someone really really bad", id: "is-anyone-too-bad-for-god" },
  { asked: "how does jesus save people", id: "what-does-saved-mean" },
  // Heaven and death
  { asked: "are little babies in heaven", id: "what-happens-to-babies-who-die" },
  { asked: "will my cat be in heaven", id: "will-my-pet-go-to-heaven" },
  { asked: "will everybody be in heaven someday", id: "who-goes-to-heaven" },
  // People of the Old Testament
  { asked: "who was the strongest man in the bible", id: "who-was-samson" },
  { asked: "who was the wisest king ever", id: "who-was-solomon" },
  { asked: "who was the leader after moses", id: "who-was-joshua" },
  // People of the New Testament
  { asked: "who was the first christian killed for jesus", id: "who-was-stephen" },
  { asked: "what was peters job before he met jesus", id: "who-was-peter" },
  { asked: "who was the tax collector in the tree", id: "who-was-zacchaeus" },
  // Bible events
  { asked: "why does everyone talk different languages", id: "what-was-the-tower-of-babel" },
  { asked: "why did god send bugs and blood on egypt", id: "what-were-the-plagues" },
  { asked: "the bush that was on fire", id: "what-was-the-burning-bush" },
  // The church and Christian life
  { asked: "what is holy communion for", id: "what-is-communion" },
  { asked: "why do i have to do what my parents say", id: "why-should-i-obey-my-parents" },
  { asked: "why do we put money in the offering", id: "why-give-money-to-church" },
  // Hard questions
  { asked: "if god is good where did the devil come from", id: "why-did-god-make-the-devil" },
  { asked: "are wizards and spells real", id: "is-magic-real" },
  { asked: "why is there war if god is good", id: "why-doesnt-god-stop-wars" },
  // The Bible itself
  { asked: "whats the new testament", id: "old-and-new-testament" },
  { asked: "what is the book of psalms", id: "what-are-the-psalms" },
  { asked: "why are there so many bible translations", id: "why-are-there-different-bibles" },
  // Library stories no bank entry is about
  { asked: "who helped the man that got robbed", story: "the-good-samaritan" },
  { asked: "what did god make on the first day", story: "creation" },
  { asked: "why did elijah pour water on the altar", story: "elijah-on-mount-carmel" },
  { asked: "what did the younger son spend his money on", story: "the-prodigal-son" },
];

/**
 * Written once the matcher was nearly done, and scored before any later change: a check on the first
 * table having been looked at. Questions in the short, keyword style of the test data.
 */
export const LATER_HELD_OUT_QUESTIONS: HeldOutQuestion[] = [
  { asked: "is jesus gods son or god", id: "why-is-jesus-called-son-of-god" },
  { asked: "god and jesus and holy spirit same", id: "what-is-the-trinity" },
  { asked: "how can god be everywhere at once", id: "does-god-see-everything" },
  { asked: "was jesus born for real", id: "was-jesus-a-real-person" },
  { asked: "is there anything god cant do", id: "can-god-do-anything" },
  { asked: "gods real name", id: "does-god-have-a-name" },
  { asked: "where does jesus live now", id: "where-is-jesus-now" },
  { asked: "holy spirit fruit", id: "what-does-the-holy-spirit-do" },
  { asked: "will the holy spirit leave if i do something bad", id: "can-the-holy-spirit-leave-me" },
  { asked: "how do i know if i have the holy spirit", id: "can-i-feel-the-holy-spirit" },
  { asked: "does god listen when i pray", id: "does-god-hear-my-prayers" },
  { asked: "why say amen", id: "what-does-amen-mean" },
  { asked: "can i pray for a new bike", id: "can-i-pray-for-anything" },
  { asked: "what do i say to god when i pray", id: "how-do-i-pray" },
  { asked: "is it a sin to get angry", id: "is-being-angry-a-sin" },
  { asked: "why cant i stop being naughty", id: "why-do-i-keep-doing-wrong" },
  { asked: "who tempted eve", id: "what-happened-in-the-garden-of-eden" },
  { asked: "what does repentance mean", id: "what-is-repentance" },
  { asked: "is saying sorry enough for god", id: "how-do-i-get-forgiven" },
  { asked: "can you earn your way to heaven", id: "can-i-go-to-heaven-by-being-good" },
  { asked: "what happens to my dog when it dies", id: "will-my-pet-go-to-heaven" },
  { asked: "will i have a body after i die", id: "what-will-our-bodies-be-like" },
  { asked: "what will heaven look like", id: "what-is-heaven-like" },
  { asked: "is hell forever", id: "is-hell-real" },
  { asked: "who was the first man god made", id: "who-were-adam-and-eve" },
  { asked: "who was isaac's son that tricked his brother", id: "who-was-jacob" },
  { asked: "the little boy samuel hearing god", id: "who-was-samuel" },
  { asked: "deborah judge", id: "who-was-deborah" },
  { asked: "who was king davids son", id: "who-was-solomon" },
  { asked: "who was saul who became paul", id: "who-was-paul" },
  { asked: "nicodemus born again", id: "who-was-nicodemus" },
  { asked: "timothy paul", id: "who-was-timothy" },
  { asked: "feeding 5000", id: "feeding-of-the-five-thousand" },
  { asked: "jesus tempted by satan in the wilderness", id: "what-was-jesus-temptation" },
  { asked: "why did jesus die on a cross", id: "what-happened-on-the-cross" },
  { asked: "why is sunday special", id: "what-is-the-sabbath" },
  { asked: "do i have to go to church every sunday", id: "why-go-to-church" },
  { asked: "why did job lose everything", id: "why-did-god-let-job-suffer" },
  { asked: "are ghosts and witches real", id: "is-magic-real" },
  { asked: "who decided what books are in the bible", id: "who-wrote-the-bible" },
];

/**
 * Written before the matcher's answer-text and paraphrase work (issue 22's hidden list is reworded by a
 * person): sixty questions in other voices than the two tables above — rambling, two or three words,
 * misspelt, a teen's phrasing, a person or event described without its name, "the story where…". Every
 * theme, and ten library stories asked about by a moment of the story rather than by a person.
 */
export const HELD_OUT_QUESTIONS_3: HeldOutQuestion[] = [
  // God and Jesus
  { asked: "ok so is jesus actually god or was he just a really good teacher", id: "is-jesus-god" },
  { asked: "how do we even know god is there if nobody can see him", id: "is-god-real" },
  { asked: "did jesus ever disobey his mom when he was a kid", id: "was-jesus-ever-bad" },
  { asked: "when is jesus gonna come back", id: "is-jesus-coming-back" },
  // The Holy Spirit
  { asked: "why does the holy spirit look like a bird", id: "holy-spirit-dove" },
  {
    asked: "my little sister is 6, can she get the holy spirit too or is it only for grown ups",
    id: "can-kids-have-the-holy-spirit",
  },
  { asked: "what special powers does the holy spirit give christians", id: "what-are-spiritual-gifts" },
  { asked: "is the holy spirit a person or more like a force", id: "what-is-the-holy-spirit" },
  // Prayer
  { asked: "god never answers me when i ask him for things, why", id: "why-doesnt-god-answer-my-prayers" },
  { asked: "the prayer jesus taught his friends", id: "what-is-the-lords-prayer" },
  { asked: "do we have to pray before we eat dinner", id: "what-is-grace-before-meals" },
  { asked: "can i tell god im really angry at him", id: "can-i-pray-when-im-angry-or-sad" },
  // Sin
  { asked: "is a tiny white lie so my friend doesnt feel bad still wrong", id: "is-lying-a-sin" },
  { asked: "the 10 comandments", id: "what-are-the-ten-commandments" },
  { asked: "whats the actual definition of sin", id: "what-is-sin" },
  { asked: "does god ever lose his temper", id: "does-god-get-angry" },
  // Forgiveness and grace
  {
    asked: "my brother broke my switch and said sorry, do i really have to forgve him",
    id: "do-i-have-to-forgive",
  },
  { asked: "once god loves you can that ever change", id: "can-i-lose-gods-love" },
  { asked: "why did jesus hang out with bad people", id: "why-did-jesus-eat-with-sinners" },
  { asked: "is mercy the same thing as being nice", id: "what-does-mercy-mean" },
  // Heaven and death
  { asked: "my grandpa died last week, is he with god now", id: "where-is-grandma-now" },
  { asked: "when people die do they turn into angels with wings", id: "do-we-become-angels" },
  { asked: "is heaven up in space somewhere", id: "is-heaven-in-the-sky" },
  { asked: "will i get to actually meet jesus one day", id: "will-i-see-jesus" },
  // People of the Old Testament
  { asked: "the guy with long hair who lost all his power", id: "who-was-samson" },
  { asked: "the man who beat a huge army with only 300 soldiers", id: "who-was-gideon" },
  { asked: "the prophet who got taken up in a chariot of fire", id: "who-was-elijah" },
  { asked: "the lady judge who sat under a palm tree", id: "who-was-deborah" },
  // People of the New Testament
  {
    asked: "the disiple who wouldnt beleive jesus was alive till he saw the wounds",
    id: "who-was-doubting-thomas",
  },
  { asked: "the man jesus raised after he was dead four days", id: "who-was-lazarus" },
  { asked: "jesus mom", id: "who-was-mary-mother-of-jesus" },
  { asked: "the guy who baptised jesus in the river", id: "who-was-john-the-baptist" },
  { asked: "why did judas sell jesus for 30 silver coins", id: "why-did-judas-betray-jesus" },
  // Bible events
  { asked: "how did moses split the sea in half", id: "how-did-the-red-sea-part" },
  { asked: "the last meal jesus ate with his friends before he died", id: "what-was-the-last-supper" },
  { asked: "when jesus floated up into the clouds", id: "what-was-the-ascension" },
  {
    asked: "how did jesus feed all those people with just a couple of fish",
    id: "feeding-of-the-five-thousand",
  },
  { asked: "why did peter say three times he didnt know jesus", id: "why-did-peter-deny-jesus" },
  // The church and Christian life
  { asked: "why do people get dunked under water at church", id: "what-is-baptism" },
  {
    asked: "why are there catholics and baptists and all these different ones",
    id: "why-are-there-different-churches",
  },
  {
    asked: "how do i talk to my friend about god without it being awkward",
    id: "how-do-i-tell-my-friends-about-jesus",
  },
  { asked: "honestly what does being a christian look like day to day", id: "how-do-i-follow-jesus" },
  // Hard questions
  { asked: "if god is so nice why do bad things happen to good people", id: "why-do-bad-things-happen" },
  {
    asked: "what about people in far away places who never got told about jesus",
    id: "people-who-never-heard-of-jesus",
  },
  { asked: "are humans related to apes", id: "what-about-evolution" },
  {
    asked: "why did god give me freckles and make me the shortest in my class",
    id: "did-god-make-me-this-way",
  },
  // The Bible itself
  { asked: "bible has how many books", id: "how-many-books-in-the-bible" },
  { asked: "what are matthew mark luke and john", id: "what-is-a-gospel" },
  { asked: "did the jonah thing really happen or is it like a fable", id: "are-bible-stories-real" },
  { asked: "where should i start if i want to read the bible", id: "how-should-i-read-the-bible" },
  // Library stories, asked by a moment of the story
  {
    asked:
      "so theres this story where a son takes his share of the money and blows it all and then comes home, what did his dad do",
    story: "the-prodigal-son",
  },
  {
    asked: "whats the story where someone gets beat up on the road and only a stranger stops",
    story: "the-good-samaritan",
  },
  { asked: "how many days did god take to make everything", story: "creation" },
  { asked: "what did ruth say when naomi told her to go back home", story: "ruth-and-naomi" },
  { asked: "why was esther scared to go see the king", story: "esther-the-brave-queen" },
  { asked: "why did they throw daniel to the lions", story: "daniel-in-the-lions-den" },
  { asked: "why did jonah get grumpy when god didnt destroy the city", story: "jonah-and-the-great-fish" },
  { asked: "how many of each animal went on the boat", story: "noah-and-the-ark" },
  {
    asked: "what did the short guy promise to give back after jesus came to his house",
    story: "zacchaeus",
  },
  { asked: "why did the shepherds go to bethlehem that night", story: "the-birth-of-jesus" },
];
