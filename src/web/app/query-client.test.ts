import { describe, expect, it } from "vitest";
import { sessionQuery } from "../features/auth/api/get-session";
import { ApiError } from "../lib/api-client";
import { sessionUser } from "../test/session-user";
import { createQueryClient } from "./query-client";

describe("query client", () => {
  it("treats a 401 from any call as the end of the session", async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(sessionQuery.queryKey, {
      user: sessionUser(),
    });
    await queryClient
      .fetchQuery({
        queryKey: ["profile"],
        queryFn: () => Promise.reject(new ApiError("Not authenticated", 401)),
      })
      .catch(() => {});
    expect(queryClient.getQueryData(sessionQuery.queryKey)).toEqual({ user: null });
  });

  it("keeps the session on other errors and does not retry a 4xx", async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(sessionQuery.queryKey, {
      user: sessionUser(),
    });
    let calls = 0;
    await queryClient
      .fetchQuery({
        queryKey: ["profile"],
        queryFn: () => {
          calls += 1;
          return Promise.reject(new ApiError("That username is already taken.", 409));
        },
      })
      .catch(() => {});
    expect(calls).toBe(1);
    expect(queryClient.getQueryData(sessionQuery.queryKey)).toEqual({
      user: sessionUser(),
    });
  });
});
