owner_exists:
  cmd.run:
    - name: getent passwd {{ pillar['owner'] }}
    - unless: getent passwd {{ pillar['owner'] }}
