/** examples/yaml: a Pulumi YAML program (the YAML language host from the toolchain) on the futrou plugin. */
import { automationStack, describeLifecycle } from "./lifecycle";

describeLifecycle("Pulumi YAML (examples/yaml)", (emulator) => automationStack("examples/yaml", emulator));
