"""A Python program for Futrou Cloud: a project and a serverlet on the futrou provider plugin."""

import pulumi
import pulumi_futrou as futrou

config = pulumi.Config()

# A project holds the serverlet; both get auto-names (`<logical name>-<7 characters>`).
project = futrou.Project("app", display_name=pulumi.get_project())

web = futrou.Serverlet(
    "web",
    project_id=project.id,
    image=config.get("image") or "nginx:1.27",
    ports=[futrou.ServerletPortArgs(port=80)],
)

pulumi.export("projectName", project.name)
pulumi.export("serverletName", web.name)
pulumi.export("serverletState", web.state)
