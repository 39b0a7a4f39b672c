"""The webapp of examples/webapp in Python, on the futrou provider plugin and its Python SDK."""

import pulumi
import pulumi_futrou as futrou

config = pulumi.Config()
domain = config.get("domain") or "python.example.com"
image = config.get("image") or "ghcr.io/futrou-examples/webapp:1.4.2"
# `pulumi config set --secret dbPassword ...`: stays encrypted in the state, never printed.
db_password = config.require_secret("dbPassword")
# A colleague who has a Futrou user (`pulumi config set colleagueUserId <userId>`): a developer on the project.
colleague_user_id = config.require("colleagueUserId")

regions = futrou.get_regions().regions
if not regions:
    raise pulumi.RunError("the Futrou API lists no regions")
region = regions[0].id

project = futrou.Project("webapp", display_name="Python web application")
data = futrou.Volume("data", project_id=project.id, region_id=region, size_gb=20)
futrou.Storage("files", project_id=project.id)

app = futrou.Serverlet(
    "app",
    project_id=project.id,
    region_id=region,
    image=image,
    min_instances=1,
    max_instances=3,
    ports=[futrou.ServerletPortArgs(port=8080, protocol="http")],
    volumes=[futrou.ServerletVolumeArgs(volume_id=data.id, mount_path="/var/lib/webapp")],
    env={"LOG_LEVEL": "info", "DATA_DIR": "/var/lib/webapp"},
)
futrou.Variable("db-password", serverlet_id=app.id, key="DB_PASSWORD", value=db_password, is_secret=True)

proxy = futrou.Proxy(
    "proxy",
    project_id=project.id,
    domain=domain,
    target=app.name.apply(lambda name: f"{name}.serverlets.internal"),
    port=8080,
    enforce_https=True,
)

zone = futrou.DnsZone("zone", project_id=project.id, domain=domain)
futrou.DnsRecord("apex", dns_id=zone.id, name="@", type="A", value="203.0.113.10")
futrou.DnsRecord("www", dns_id=zone.id, name="www", type="CNAME", value=domain, ttl=3600)

futrou.Cron(
    "health",
    project_id=project.id,
    schedule="*/5 * * * *",
    method="GET",
    url=proxy.domain.apply(lambda d: f"https://{d}/health"),
)

# The domain's certificate. A new renew_trigger value renews it during the next `pulumi up`.
tls = futrou.Cert("tls", domain=domain, renew_trigger="2026-11")
# A token for the deploy pipeline: its bearer value is a secret output.
deploy = futrou.ApiToken("deploy", type="server")
futrou.WorkspaceMember("colleague", user_id=colleague_user_id, role="developer", project_ids=[project.id])

pulumi.export("url", proxy.domain.apply(lambda d: f"https://{d}"))
pulumi.export("projectId", project.id)
pulumi.export("serverletId", app.id)
pulumi.export("serverletState", app.state)
pulumi.export("zoneId", zone.id)
pulumi.export("certExpiresAt", tls.expires_at)
pulumi.export("deployToken", pulumi.Output.concat(deploy.id, "-", deploy.token))
