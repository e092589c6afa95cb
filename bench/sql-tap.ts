// A listening tap between a database client and PostgreSQL: it passes every byte through unchanged and notes
// the text of each statement the client executes, read from PostgreSQL's wire protocol (a simple Query, or the
// Bind of a statement whose text came in an earlier Parse on the same connection). The ceiling's check uses it
// to see that the ceiling runs the very statements the app runs for a request (bench/ceiling-rows.ts). Used
// for that check only, never while measuring: the extra hop would be measured too.
import net from "node:net";

const SSL_REQUEST = 80877103;
const GSS_ENCRYPTION_REQUEST = 80877104;

/** Reads a NUL-terminated string at `at`; gives it and the offset after its NUL. */
function cString(buffer: Buffer, at: number): [string, number] {
  const end = buffer.indexOf(0, at);
  return [buffer.toString("utf8", at, end), end + 1];
}

export type SqlTap = {
  /** A connection string like `databaseUrl`, through the tap. */
  url: string;
  /** The statements executed since the last call, in order. */
  take(): string[];
  close(): Promise<void>;
};

export async function startSqlTap(databaseUrl: string): Promise<SqlTap> {
  const target = new URL(databaseUrl);
  let executed: string[] = [];
  const sockets = new Set<net.Socket>();

  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    upstream.pipe(client);
    /** This connection's prepared statements: name → text ("" is the unnamed one). */
    const statements = new Map<string, string>();
    let pending = Buffer.alloc(0);
    let started = false;
    client.on("data", (chunk: Buffer) => {
      upstream.write(chunk);
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        // The start-up messages have no type byte; every later message does.
        const head = started ? 1 : 0;
        if (pending.length < head + 4) return;
        const length = pending.readInt32BE(head);
        if (pending.length < head + length) return;
        const message = pending.subarray(0, head + length);
        pending = pending.subarray(head + length);
        if (!started) {
          const code = message.readInt32BE(4);
          if (code !== SSL_REQUEST && code !== GSS_ENCRYPTION_REQUEST) started = true;
          continue;
        }
        const type = String.fromCharCode(message[0] as number);
        if (type === "Q") executed.push(cString(message, 5)[0]);
        else if (type === "P") {
          const [name, next] = cString(message, 5);
          statements.set(name, cString(message, next)[0]);
        } else if (type === "B") {
          const [, next] = cString(message, 5);
          executed.push(statements.get(cString(message, next)[0]) ?? "(unknown statement)");
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const tapped = new URL(databaseUrl);
  tapped.hostname = "127.0.0.1";
  tapped.port = String((server.address() as net.AddressInfo).port);
  return {
    url: tapped.toString(),
    take() {
      const taken = executed;
      executed = [];
      return taken;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
