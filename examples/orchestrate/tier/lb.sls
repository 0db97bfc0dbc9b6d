{#- The application servers' addresses, from the mine: each app minion sends 'tier_addr' (its mine_functions). #}
{%- set root = salt['config.get']('tier_root', '/srv/brine/tiers') %}
{%- set apps = salt['mine.get']('role:app', 'tier_addr', tgt_type='grain') %}
lb-backends:
  file.managed:
    - name: {{ root }}/lb/backends
    - makedirs: True
    - contents: |
        {%- for id in apps | sort %}
        server {{ id }} {{ apps[id] }}
        {%- endfor %}
