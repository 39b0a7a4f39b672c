/** examples/webapp-plugin: a TypeScript program on the SDK generated from the plugin's schema (`@futrou/pulumi`). */
import { automationStack, describeLifecycle } from "./lifecycle";

describeLifecycle("TypeScript on the generated SDK (examples/webapp-plugin)", (emulator) =>
  automationStack("examples/webapp-plugin", emulator),
);
