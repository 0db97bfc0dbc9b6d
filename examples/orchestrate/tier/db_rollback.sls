{%- set root = salt['config.get']('tier_root', '/srv/brine/tiers') %}
{%- set release = pillar.get('release', '1.0') %}
database-rolled-back:
  file.managed:
    - name: {{ root }}/db/ROLLED_BACK
    - makedirs: True
    - contents: "release {{ release }} was rolled back"
