// The shape of a question id ("3fa9c2-17": the server's tag, then a counter), checked by the CLI and the server.

export const QUESTION_ID_PATTERN = /^[0-9a-f]{6}-\d{1,12}$/;
