import { z } from "zod";

// Zod's default texts ("Invalid input: expected string, received undefined") are written for developers.
// Every schema in src/core imports this module, so a child never reads one; messages a schema sets stay.
z.config({
  customError: (issue) => {
    const field = issue.path?.length ? String(issue.path.at(-1)) : "";
    if (issue.code === "invalid_type") {
      if (issue.input === undefined)
        return field ? `Please fill in your ${field}.` : "Please fill in the form.";
      return field ? `Please check your ${field}.` : "That request could not be read.";
    }
    if (issue.code === "unrecognized_keys") return "That request has something we don't expect.";
    return undefined;
  },
});
