{%- set tplroot = tpldir.split('/')[0] %}
{%- from tplroot ~ "/map.jinja" import openssh with context %}

{%- for host, entry in salt['pillar.get']('openssh:known_hosts', {}) | dictsort %}
ssh_known_host_{{ host }}:
  ssh_known_hosts.present:
    - name: {{ host }}
    - config: {{ openssh.known_hosts }}
    - enc: {{ entry.enc }}
    - key: {{ entry.key }}
    - hash_known_hosts: False
    {%- if entry.port is defined %}
    - port: {{ entry.port }}
    {%- endif %}
{%- endfor %}
