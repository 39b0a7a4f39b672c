// Nothing yet: test/languages/import-codegen.test.ts imports an object and writes the code it gets here.
export {};
