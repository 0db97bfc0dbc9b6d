{%- set root = salt['config.get']('tier_root', '/srv/brine/tiers') %}
app-release:
  file.managed:
    - name: {{ root }}/app/current
    - makedirs: True
    - contents: "{{ pillar.get('release', '1.0') }}"
