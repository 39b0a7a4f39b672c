/** A DNS record's test examples (provider/kinds/cases.ts says where each is used). */
import { CANNED_ZONE_ID, FAKE_ID, type KindCases, type Props } from "../cases";

/** An A record in a fake zone, with `args` changed. */
const rec = (args: Props) => ({ dnsId: FAKE_ID, name: "www", type: "A", value: "192.0.2.1", ...args });

export const cases: KindCases = {
  lifecycle: {
    required: (c) => ({ dnsId: c.zones[0], name: "www", type: "A", value: "203.0.113.10" }),
    update: () => ({ name: "@", type: "MX", value: "mx.example.com", ttl: 600, priority: 10 }),
    replace: (c) => ({ dnsId: c.zones[1] }),
  },
  contract: [
    {
      label: "A without priority",
      program: { dnsId: CANNED_ZONE_ID, name: "www", type: "A", value: "203.0.113.10" },
      update: { ttl: 600 },
    },
    {
      label: "A with priority 0",
      program: { dnsId: CANNED_ZONE_ID, name: "api", type: "A", value: "203.0.113.11", priority: 0 },
      update: { value: "203.0.113.12" },
    },
    {
      label: "TXT at the apex without priority, ttl 3600",
      program: { dnsId: CANNED_ZONE_ID, name: "@", type: "TXT", value: "v=spf1 -all", ttl: 3600 },
      update: { value: "v=spf1 include:_spf.example.com -all" },
    },
    {
      label: "MX with priority 10",
      program: { dnsId: CANNED_ZONE_ID, name: "@", type: "MX", value: "mx.example.com", priority: 10 },
      update: { priority: 20 },
    },
  ],
  badInput: [
    { what: "A record with a bad IPv4", args: rec({ value: "300.1.2.3" }), field: "value" },
    { what: "AAAA record with an IPv4", args: rec({ type: "AAAA", value: "192.0.2.1" }), field: "value" },
    { what: "CNAME at the apex", args: rec({ name: "@", type: "CNAME", value: "example.com" }), field: "name" },
    {
      what: "MX priority above 65535",
      args: rec({ type: "MX", value: "mail.example.com", priority: 70000 }),
      field: "priority",
    },
    { what: "TXT with a priority", args: rec({ type: "TXT", value: "hello", priority: 1 }), field: "priority" },
    { what: "SRV value not weight port target", args: rec({ type: "SRV", value: "sip", priority: 1 }), field: "value" },
    { what: "CAA value without a tag", args: rec({ type: "CAA", value: "letsencrypt.org" }), field: "value" },
    { what: "negative TTL", args: rec({ ttl: -1 }), field: "ttl" },
    { what: "TTL above 2^31-1", args: rec({ ttl: 2 ** 31 }), field: "ttl" },
    { what: "unknown record type", args: rec({ type: "SPF" }), field: "type" },
    { what: "a 100 KB TXT value", args: rec({ type: "TXT", value: "x".repeat(100_000) }), field: "value" },
    // A zone id that is a dot segment would send the record's requests to another path (`/dns/<zone>/..`).
    { what: "zone id `..`", args: rec({ dnsId: ".." }), field: "dnsId" },
    { what: "zone id `.`", args: rec({ dnsId: "." }), field: "dnsId" },
  ],
};
