/**
 * Resource methods: the engine's `Call` for a token `futrou:index:<Type>/<action>` (the schema lists it
 * under the resource's `methods`), served by the kit's action (provider/kit/action.ts). `__self__` names the
 * object: a resource reference (its `id`), or the id itself when the engine passes references as ids. A
 * preview runs nothing and answers every result field as unknown (an empty answer would read as a known
 * nothing: `None` in Python, whose `renew().status` then fails); an action the kind lacks fails then too.
 */
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { UNKNOWN } from "../../kit";
import { actionOf, methodResultFields } from "../../spec";
import type { PluginKits } from "./kits";
import { TOKEN_PREFIX, unary } from "./rpc";
import { fromWire, toWire } from "./wire";

/** `futrou:index:Cert/renew` → the resource's type token and the action's name. */
export function methodToken(tok: string): { type: string; action: string } {
  const rest = tok.startsWith(TOKEN_PREFIX) ? tok.slice(TOKEN_PREFIX.length) : "";
  const [typeName = "", action = "", ...more] = rest.split("/");
  if (!typeName || !action || more.length > 0) throw new Error(`futrou: unknown method "${tok}"`);
  return { type: `${TOKEN_PREFIX}${typeName}`, action };
}

/** The id `__self__` carries: a reference's `id`, or a plain id. */
function selfId(self: unknown, tok: string): string {
  const id = typeof self === "object" && self !== null ? (self as { id?: unknown }).id : self;
  if (typeof id !== "string" || id === "") {
    throw new Error(`futrou: ${tok} needs __self__, the resource it runs on, with its id (it is created first)`);
  }
  return id;
}

export function methodRpcs(kits: PluginKits) {
  return {
    call: unary(async (req: provproto.CallRequest) => {
      const tok = req.getTok();
      const { type, action } = methodToken(tok);
      const { spec, provider } = await kits.kit(type);
      actionOf(spec, action);
      const res = new provproto.CallResponse();
      if (req.getDryrun()) {
        res.setReturn(toWire(Object.fromEntries(methodResultFields(spec).map((k) => [k, UNKNOWN]))));
        return res;
      }
      const id = selfId(fromWire(req.getArgs()).props.__self__, tok);
      res.setReturn(toWire(await provider.action(id, action)));
      return res;
    }),
  };
}
