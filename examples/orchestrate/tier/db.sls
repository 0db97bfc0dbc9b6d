{%- set root = salt['config.get']('tier_root', '/srv/brine/tiers') %}
{%- set release = pillar.get('release', '1.0') %}
database-schema:
  file.managed:
    - name: {{ root }}/db/schema-{{ release }}.sql
    - makedirs: True
    - contents: "-- the schema of release {{ release }}"
{%- if pillar.get('break_db') %}

database-migration:
  test.fail_without_changes:
    - comment: "the migration to {{ release }} failed (break_db is set)"
    - require:
      - file: database-schema
{%- endif %}
