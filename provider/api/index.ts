/** The Futrou API layer: contract constants, formats, zod models, the client and its errors. */
export * from "./client";
export * from "./contract";
export * from "./errors";
export * from "./formats";
export * from "./limiter";
export * from "./models";
export * from "./paging";
export * from "./path";
export * from "./retry";
