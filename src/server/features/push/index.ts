// What other parts use of push notifications: the job that sends them (main.ts and the tests run it), and the
// keys' making (main.ts keeps them in DATA_DIR).
export { pushJob } from "./job";
export { createPushSender, generateVapidKeys, type PushSender, type VapidKeys } from "./sender";
export { isQuietHour, type PushDeps, pushToReader } from "./service";
